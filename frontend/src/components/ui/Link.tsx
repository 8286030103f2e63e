import type { ComponentPropsWithoutRef } from 'react';
import { hrefFor, isUnder, usePath } from '../../lib/router';

export interface LinkProps extends Omit<ComponentPropsWithoutRef<'a'>, 'href'> {
  to: string;
  /** Marks the link as the current page when the path is `to` or below it. */
  matchPrefix?: boolean;
}

/** An in-app link; sets aria-current="page" when it points at the current route. */
export function Link({ to, matchPrefix = false, ...rest }: LinkProps) {
  const path = usePath();
  const active = matchPrefix ? isUnder(path, to) : path === to;
  return <a href={hrefFor(to)} aria-current={active ? 'page' : undefined} {...rest} />;
}
