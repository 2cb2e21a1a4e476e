import { scenarioBoldWords } from '../../shared/constants';

export type ScenarioParts = {
  /** The first words, shown in bold (punctuation stays with its word). */
  bold: string;
  /** Everything after them, starting with the space that followed, so the two parts join back exactly. */
  rest: string;
};

/** Splits a scenario into its first `wordCount` words (SPEC: 7, shown in bold) and the rest. */
export function splitScenario(scenario: string, wordCount: number = scenarioBoldWords): ScenarioParts {
  const text = scenario.trim();
  const firstWords = new RegExp(`^(?:\\S+\\s+){0,${Math.max(wordCount - 1, 0)}}\\S+`);
  const bold = wordCount > 0 ? (firstWords.exec(text)?.[0] ?? '') : '';
  return { bold, rest: text.slice(bold.length) };
}
