; Lexflow's Windows installer (NSIS 3), built by scripts/windows-build.sh:
;   makensis -DVERSION=v0.1.0 -DVERSION_NUMBERS=0.1.0 -DBUILD=DIR "-XOutFile ..." installer.nsi
; where DIR holds Lexflow.exe, bin\lexflow.exe and lexflow.ico.
;
; Per user, no administrator rights: the programs go to %LOCALAPPDATA%\Programs\Lexflow,
; the Start-menu entry and the Apps & features entry are the user's own. The window is
; Lexflow.exe and the command line bin\lexflow.exe: Windows file names ignore case, so
; the two cannot share a folder. The uninstaller keeps the library (%APPDATA%\Lexflow)
; unless the user says to delete it (or passes /DELETEDATA to a silent /S uninstall).
; A 64-bit installer, like the programs it installs (Lexflow is built for x64 only).
Target amd64-unicode
!include "MUI2.nsh"
!include "LogicLib.nsh"
!include "FileFunc.nsh"

!ifndef VERSION | BUILD | VERSION_NUMBERS
  !error "pass -DVERSION=... -DVERSION_NUMBERS=X.Y.Z -DBUILD=DIR"
!endif

!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\Lexflow"
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

  Call OfferWebView2
SectionEnd

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

Section "Uninstall"
  SetShellVarContext current
  Delete "$SMPROGRAMS\Lexflow.lnk"
  Delete "$INSTDIR\Lexflow.exe"
  Delete "$INSTDIR\bin\lexflow.exe"
  RMDir "$INSTDIR\bin"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
  DeleteRegKey HKCU "Software\Lexflow"

  IfFileExists "$APPDATA\Lexflow\*.*" 0 kept
  ${GetParameters} $0
  ClearErrors
  ${GetOptions} $0 "/DELETEDATA" $1
  IfErrors 0 delete
  MessageBox MB_YESNO|MB_ICONQUESTION|MB_DEFBUTTON2 "Also delete your Lexflow library?$\n$\n$APPDATA\Lexflow holds your documents, their index, conversations and runs. Choose No to keep it for a later install." /SD IDNO IDNO kept
  delete:
  RMDir /r "$APPDATA\Lexflow"
  kept:
SectionEnd
