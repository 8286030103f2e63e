; Lexflow's Windows installer (NSIS 3), built by scripts/windows-build.sh:
;   makensis -DVERSION=v0.1.0 -DVERSION_NUMBERS=0.1.0 -DBUILD=DIR "-XOutFile ..." installer.nsi
; where DIR holds Lexflow.exe, bin\lexflow.exe and lexflow.ico.
;
; Per user, no administrator rights: the programs go to %LOCALAPPDATA%\Programs\Lexflow,
; the Start-menu entry and the Apps & features entry are the user's own. The window is
; Lexflow.exe and the command line bin\lexflow.exe: Windows file names ignore case, so
; the two cannot share a folder. The uninstaller keeps the library (%APPDATA%\Lexflow)
; unless the user says to delete it (or passes /DELETEDATA to a silent /S uninstall).
; The install also puts bin\ (the CLI) on the user's own PATH and offers Lexflow under
; "Open with" for the types it reads, both per user (HKCU), both undone by the uninstaller.
; A 64-bit installer, like the programs it installs (Lexflow is built for x64 only).
Target amd64-unicode
!include "MUI2.nsh"
!include "LogicLib.nsh"
!include "FileFunc.nsh"
!include "WordFunc.nsh"
!include "WinMessages.nsh"

!ifndef VERSION | BUILD | VERSION_NUMBERS
  !error "pass -DVERSION=... -DVERSION_NUMBERS=X.Y.Z -DBUILD=DIR"
!endif

!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\Lexflow"
; The file types Lexflow offers to open, and the class ("ProgID") they open with.
!define PROGID "Lexflow.Document"
!define APP_KEY "Software\Classes\Applications\Lexflow.exe"
!define CAPABILITIES "Software\Lexflow\Capabilities"
!define ENVIRONMENT "Environment"
; The WebView2 Runtime's client id, and Microsoft's link to its Evergreen Bootstrapper.
!define WEBVIEW2_CLIENT "{F3017226-FE2A-4295-8BDF-00C3A9A7E4C5}"
!define WEBVIEW2_BOOTSTRAPPER "https://go.microsoft.com/fwlink/p/?LinkId=2124703"

Name "Lexflow"
RequestExecutionLevel user
InstallDir "$LOCALAPPDATA\Programs\Lexflow"
InstallDirRegKey HKCU "Software\Lexflow" "InstallDir"
SetCompressor /SOLID lzma
ManifestDPIAware true

VIProductVersion "${VERSION_NUMBERS}.0"
VIAddVersionKey "ProductName" "Lexflow"
VIAddVersionKey "CompanyName" "Lexflow contributors"
VIAddVersionKey "LegalCopyright" "Lexflow contributors"
VIAddVersionKey "FileDescription" "Lexflow installer"
VIAddVersionKey "FileVersion" "${VERSION}"
VIAddVersionKey "ProductVersion" "${VERSION}"

!define MUI_ICON "${BUILD}\lexflow.ico"
!define MUI_UNICON "${BUILD}\lexflow.ico"
!define MUI_FINISHPAGE_RUN "$INSTDIR\Lexflow.exe"
!define MUI_FINISHPAGE_RUN_TEXT "Start Lexflow"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

Section "Lexflow"
  SetShellVarContext current
  SetOutPath "$INSTDIR"
  File "${BUILD}\Lexflow.exe"
  SetOutPath "$INSTDIR\bin"
  File "${BUILD}\bin\lexflow.exe"
  SetOutPath "$INSTDIR"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  CreateShortcut "$SMPROGRAMS\Lexflow.lnk" "$INSTDIR\Lexflow.exe" "" "$INSTDIR\Lexflow.exe" 0 SW_SHOWNORMAL "" "Lexflow, a local legal research workbench"

  WriteRegStr HKCU "Software\Lexflow" "InstallDir" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "Lexflow"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "Lexflow contributors"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\Lexflow.exe"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" $0

  Call RegisterFileTypes
  Call AddToPath
  Call OfferWebView2
SectionEnd

; "Open with Lexflow" for each type it reads, never taking a type's default program:
; the class Lexflow.Document, listed under each extension's OpenWithProgids, and the
; application's own entry and capabilities (Settings > Default apps names Lexflow).
!macro FileType EXT
  WriteRegStr HKCU "Software\Classes\${EXT}\OpenWithProgids" "${PROGID}" ""
  WriteRegStr HKCU "${APP_KEY}\SupportedTypes" "${EXT}" ""
  WriteRegStr HKCU "${CAPABILITIES}\FileAssociations" "${EXT}" "${PROGID}"
!macroend
!macro RemoveFileType EXT
  DeleteRegValue HKCU "Software\Classes\${EXT}\OpenWithProgids" "${PROGID}"
  DeleteRegKey /ifempty HKCU "Software\Classes\${EXT}\OpenWithProgids"
  DeleteRegKey /ifempty HKCU "Software\Classes\${EXT}"
!macroend
!macro FileTypes DO
  !insertmacro ${DO} ".pdf"
  !insertmacro ${DO} ".docx"
  !insertmacro ${DO} ".html"
  !insertmacro ${DO} ".htm"
  !insertmacro ${DO} ".txt"
  !insertmacro ${DO} ".md"
  !insertmacro ${DO} ".markdown"
!macroend
; Explorer reads file associations once; this tells it they changed (SHCNE_ASSOCCHANGED).
!macro AssociationsChanged
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
!macroend

Function RegisterFileTypes
  WriteRegStr HKCU "Software\Classes\${PROGID}" "" "Document for Lexflow"
  WriteRegStr HKCU "Software\Classes\${PROGID}\DefaultIcon" "" '"$INSTDIR\Lexflow.exe",0'
  WriteRegStr HKCU "Software\Classes\${PROGID}\shell\open" "" "Open with Lexflow"
  WriteRegStr HKCU "Software\Classes\${PROGID}\shell\open\command" "" '"$INSTDIR\Lexflow.exe" "%1"'
  WriteRegStr HKCU "${APP_KEY}" "FriendlyAppName" "Lexflow"
  WriteRegStr HKCU "${APP_KEY}\shell\open\command" "" '"$INSTDIR\Lexflow.exe" "%1"'
  WriteRegStr HKCU "${CAPABILITIES}" "ApplicationName" "Lexflow"
  WriteRegStr HKCU "${CAPABILITIES}" "ApplicationDescription" "A local legal research workbench"
  !insertmacro FileTypes FileType
  WriteRegStr HKCU "Software\RegisteredApplications" "Lexflow" "${CAPABILITIES}"
  !insertmacro AssociationsChanged
FunctionEnd

; The user's PATH (HKCU\Environment, REG_EXPAND_SZ) gets $INSTDIR\bin once, keeping
; every other entry and its unexpanded %VARIABLES%. NSIS strings hold 1024 characters:
; a PATH near that long is left alone, with a word, rather than cut short.
!macro PathChanged
  SendMessage ${HWND_BROADCAST} ${WM_SETTINGCHANGE} 0 "STR:Environment" /TIMEOUT=5000
!macroend

Function AddToPath
  ReadRegStr $0 HKCU "${ENVIRONMENT}" "Path"
  StrLen $1 "$0$INSTDIR\bin"
  ${If} $1 > 1000
    DetailPrint "Your PATH is too long to change here: add $INSTDIR\bin to it to run lexflow from a terminal."
    Return
  ${EndIf}
  ${WordAdd} "$0" ";" "+$INSTDIR\bin" $1
  ${If} $1 != $0
    WriteRegExpandStr HKCU "${ENVIRONMENT}" "Path" "$1"
    !insertmacro PathChanged
  ${EndIf}
FunctionEnd

; The window needs the Microsoft Edge WebView2 Runtime (part of Windows 11, not of every
; Windows 10). Where no installed copy is registered, say so and offer Microsoft's
; Evergreen Bootstrapper; Lexflow.exe itself asks again at start if it is still missing.
Function OfferWebView2
  SetRegView 64
  ReadRegStr $0 HKLM "SOFTWARE\WOW6432Node\Microsoft\EdgeUpdate\Clients\${WEBVIEW2_CLIENT}" "pv"
  ${If} $0 == ""
  ${OrIf} $0 == "0.0.0.0"
    ReadRegStr $0 HKCU "Software\Microsoft\EdgeUpdate\Clients\${WEBVIEW2_CLIENT}" "pv"
  ${EndIf}
  SetRegView lastused
  ${If} $0 == ""
  ${OrIf} $0 == "0.0.0.0"
    DetailPrint "The Microsoft Edge WebView2 Runtime is not installed: get it at ${WEBVIEW2_BOOTSTRAPPER}"
    MessageBox MB_YESNO|MB_ICONINFORMATION "Lexflow's window needs the Microsoft Edge WebView2 Runtime, which is not installed on this computer.$\n$\nDownload Microsoft's WebView2 installer (the Evergreen Bootstrapper) now?$\n${WEBVIEW2_BOOTSTRAPPER}" /SD IDNO IDNO done
    ExecShell "open" "${WEBVIEW2_BOOTSTRAPPER}"
  ${Else}
    DetailPrint "Microsoft Edge WebView2 Runtime $0 is installed."
  ${EndIf}
  done:
FunctionEnd

; Deletes the library in DIR (LIBRARY_ID names its labels) when /DELETEDATA is passed or the user says Yes; keeps it otherwise.
!macro OfferToDeleteLibrary DIR LIBRARY_ID
  IfFileExists "${DIR}\*.*" 0 kept_${LIBRARY_ID}
  ${GetParameters} $0
  ClearErrors
  ${GetOptions} $0 "/DELETEDATA" $1
  IfErrors 0 delete_${LIBRARY_ID}
  MessageBox MB_YESNO|MB_ICONQUESTION|MB_DEFBUTTON2 "Also delete your Lexflow library?$\n$\n${DIR} holds your documents, their index, conversations and runs. Choose No to keep it for a later install." /SD IDNO IDNO kept_${LIBRARY_ID}
  delete_${LIBRARY_ID}:
  RMDir /r "${DIR}"
  kept_${LIBRARY_ID}:
!macroend

Function un.RemoveFromPath
  ReadRegStr $0 HKCU "${ENVIRONMENT}" "Path"
  StrLen $1 $0
  ${If} $1 > 1000
    DetailPrint "Your PATH is too long to change here: remove $INSTDIR\bin from it yourself."
    Return
  ${EndIf}
  ${un.WordAdd} "$0" ";" "-$INSTDIR\bin" $1
  ${If} $1 == $0
    Return
  ${ElseIf} $1 == ""
    DeleteRegValue HKCU "${ENVIRONMENT}" "Path"
  ${Else}
    WriteRegExpandStr HKCU "${ENVIRONMENT}" "Path" "$1"
  ${EndIf}
  !insertmacro PathChanged
FunctionEnd

Section "Uninstall"
  SetShellVarContext current
  Call un.RemoveFromPath
  !insertmacro FileTypes RemoveFileType
  DeleteRegKey HKCU "Software\Classes\${PROGID}"
  DeleteRegKey HKCU "${APP_KEY}"
  DeleteRegValue HKCU "Software\RegisteredApplications" "Lexflow"
  !insertmacro AssociationsChanged
  Delete "$SMPROGRAMS\Lexflow.lnk"
  Delete "$INSTDIR\Lexflow.exe"
  Delete "$INSTDIR\bin\lexflow.exe"
  RMDir "$INSTDIR\bin"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
  DeleteRegKey HKCU "Software\Lexflow"

  ; The library is in %APPDATA%\Lexflow, or in %LOCALAPPDATA%\Lexflow where AppData\Roaming
  ; is on a server (a roaming profile): Lexflow keeps it off the network.
  !insertmacro OfferToDeleteLibrary "$APPDATA\Lexflow" roaming
  !insertmacro OfferToDeleteLibrary "$LOCALAPPDATA\Lexflow" local
SectionEnd
