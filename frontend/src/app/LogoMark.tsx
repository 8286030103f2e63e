/** The Lexflow mark: a stylised section sign (§) on the accent colour. */
export function LogoMark({ size = 26 }: { size?: number }) {
  return (
    <svg className="logo-mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className="logo-mark-bg" />
      <path
        d="M20 9.5C19.5 7.5 17.8 6.5 16 6.5C13.5 6.5 12 8 12 9.8C12 12 14.5 12.8 16.5 13.6C18.8 14.5 20.5 15.6 20.5 17.8C20.5 19.4 19.2 20.6 17.5 21M12 22.5C12.5 24.5 14.2 25.5 16 25.5C18.5 25.5 20 24 20 22.2C20 20 17.5 19.2 15.5 18.4C13.2 17.5 11.5 16.4 11.5 14.2C11.5 12.6 12.8 11.4 14.5 11"
        fill="none"
        className="logo-mark-glyph"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
    </svg>
  );
}
