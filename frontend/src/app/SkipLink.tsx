import type { MouseEvent } from 'react';

export const MAIN_ID = 'main-content';

/** "Skip to content": focuses <main> without touching the hash (which holds the route). */
export function SkipLink() {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    document.getElementById(MAIN_ID)?.focus();
  };
  return (
    <a className="skip-link" href={`#${MAIN_ID}`} onClick={onClick}>
      Skip to content
    </a>
  );
}
