import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentQuery, navigate, useRouteQuery, withQuery } from '../router';
import { collectionPath, intParam, matchLibraryPath, sourcePath } from './library';

describe('library paths', () => {
  it('match the library routes', () => {
    expect(matchLibraryPath('/library')).toEqual({ kind: 'collections' });
    expect(matchLibraryPath('/library/c%2F1')).toEqual({ kind: 'collection', collectionId: 'c/1' });
    expect(matchLibraryPath('/library/c1/documents/d1')).toEqual({ kind: 'source', collectionId: 'c1', documentId: 'd1' });
    expect(matchLibraryPath('/library/c1/documents')).toBeNull();
    expect(matchLibraryPath('/library/c1/other/d1')).toBeNull();
    expect(matchLibraryPath('/library/%E0%A4%A')).toBeNull();
    expect(matchLibraryPath('/chat')).toBeNull();
  });

  it('build collection and source paths with their query', () => {
    expect(collectionPath('c 1')).toBe('/library/c%201');
    expect(collectionPath('c1', { q: 'notice & period', k: 20 })).toBe('/library/c1?q=notice+%26+period&k=20');
    expect(collectionPath('c1', { q: '', k: 20 })).toBe('/library/c1?k=20');
    expect(sourcePath('c1', 'd1', { start: 0, end: 12, q: 'x', k: 5, hit: 'k1' })).toBe('/library/c1/documents/d1?start=0&end=12&q=x&k=5&hit=k1');
    expect(sourcePath('c1', 'd1')).toBe('/library/c1/documents/d1');
  });

  it('read integer parameters strictly', () => {
    const p = new URLSearchParams('start=12&end=x&neg=-1&big=99999999999999999999');
    expect(intParam(p, 'start')).toBe(12);
    expect(intParam(p, 'end')).toBeNull();
    expect(intParam(p, 'neg')).toBeNull();
    expect(intParam(p, 'big')).toBeNull();
    expect(intParam(p, 'none')).toBeNull();
  });
});

function QueryProbe() {
  return <output data-testid="q">{useRouteQuery().get('q') ?? ''}</output>;
}

describe('router query support', () => {
  it('reads the query of the hash route', () => {
    expect(currentQuery('#/library/c1?q=a&k=5')).toBe('q=a&k=5');
    expect(currentQuery('#/library')).toBe('');
    expect(withQuery('/x', { a: 1, b: null, c: '', d: 'é' })).toBe('/x?a=1&d=%C3%A9');
  });

  it('navigates between queries of the same path and re-renders on them', async () => {
    render(<QueryProbe />);
    await act(async () => navigate('/library/c1?q=notice', { replace: true }));
    expect(screen.getByTestId('q')).toHaveTextContent('notice');
    await act(async () => navigate('/library/c1', { replace: true }));
    expect(window.location.hash).toBe('#/library/c1');
    expect(screen.getByTestId('q')).toHaveTextContent('');
  });
});
