import { useMemo } from 'react';
import { mergeWords } from '../shared/word-merge';
import { useSiteConfig } from './site-config';

/**
 * Our texts under `prefix` (such as `landing` or `results.gate`) with the coach's own wording where
 * they wrote one (the page's settings block); our texts themselves when they wrote none.
 */
export function useWords<T>(defaults: T, prefix: string): T {
  const { words } = useSiteConfig();
  return useMemo(() => mergeWords(defaults, words, prefix), [defaults, words, prefix]);
}
