import { describe, expect, test } from 'vitest';
import { answerButtonAttribute, keyScopeAttribute, keyTargetOf, quizKeyAction, type KeyTarget, type QuizKeyPress } from './quiz-keys';

const press = (key: string, target: KeyTarget = 'page', extra: Partial<QuizKeyPress> = {}): QuizKeyPress => ({
  key,
  target,
  modified: false,
  repeat: false,
  composing: false,
  ...extra,
});

describe('which action a key stands for', () => {
  test.each([
    ['1 on the page chooses This is me', press('1'), { type: 'answerSelected', rating: 1 }],
    ['2 on the page chooses Sometimes', press('2'), { type: 'answerSelected', rating: 2 }],
    ['3 on the page chooses I’m good at this', press('3'), { type: 'answerSelected', rating: 3 }],
    ['3 while a button has focus still chooses', press('3', 'control'), { type: 'answerSelected', rating: 3 }],
    ['2 on the chosen answer changes the answer', press('2', 'chosen-answer'), { type: 'answerSelected', rating: 2 }],
    ['Enter on the page goes on', press('Enter'), { type: 'nextRequested' }],
    ['Enter on the answer already chosen goes on', press('Enter', 'chosen-answer'), { type: 'nextRequested' }],
    ['Enter on another control is that control’s', press('Enter', 'control'), null],
    ['1 in a text field is typing', press('1', 'text-entry'), null],
    ['Enter in a text field is the field’s', press('Enter', 'text-entry'), null],
    ['4 is no answer', press('4'), null],
    ['0 is no answer', press('0'), null],
    ['a letter is no shortcut', press('a'), null],
    ['Space is left to the focused control', press(' '), null],
    ['with a modifier, 1 is the browser’s (Ctrl+1 switches tabs)', press('1', 'page', { modified: true }), null],
    ['with a modifier, Enter is the browser’s', press('Enter', 'page', { modified: true }), null],
    ['a key held down and repeating does nothing more', press('2', 'page', { repeat: true }), null],
    ['Enter repeating does not skip questions', press('Enter', 'page', { repeat: true }), null],
    ['a key inside an input method’s composition is text', press('1', 'page', { composing: true }), null],
    ['1 with focus outside the question does nothing (WCAG 2.1.4)', press('1', 'outside'), null],
    ['Enter with focus outside the question does nothing', press('Enter', 'outside'), null],
  ] as const)('%s', (_name, keyPress, expected) => {
    expect(quizKeyAction(keyPress)).toEqual(expected);
  });
});

describe('where focus is', () => {
  /** `html` in the question's part of the page, unless it says where it is itself. */
  function element(html: string): Element {
    const host = document.createElement('div');
    if (!html.startsWith('<main')) host.setAttribute(keyScopeAttribute, '');
    host.innerHTML = html;
    document.body.append(host);
    const found = host.querySelector('[data-target]');
    if (!found) throw new Error('no target');
    return found;
  }

  test.each([
    ['nothing focused', null, 'outside'],
    ['the body', 'body', 'outside'],
    ['a heading outside the question', '<main><h1 tabindex="-1" data-target>Working Memory</h1></main>', 'outside'],
    ['a link outside the question', '<main><a href="/" data-target>Home</a></main>', 'outside'],
    ['the question’s part of the page itself', `<main ${keyScopeAttribute} data-target></main>`, 'page'],
    ['a heading', '<h1 tabindex="-1" data-target>Working Memory</h1>', 'page'],
    ['a text field', '<input type="text" data-target>', 'text-entry'],
    ['an e-mail field', '<input type="email" data-target>', 'text-entry'],
    ['a search field', '<input type="search" data-target>', 'text-entry'],
    ['a number field', '<input type="number" data-target>', 'text-entry'],
    ['a text area', '<textarea data-target></textarea>', 'text-entry'],
    ['an editable element', '<div contenteditable="true" data-target>notes</div>', 'text-entry'],
    ['inside an editable element', '<div contenteditable=""><p data-target>notes</p></div>', 'text-entry'],
    ['an element editing was switched off in', '<div contenteditable="false"><p data-target>text</p></div>', 'page'],
    ['a checkbox', '<input type="checkbox" data-target>', 'control'],
    ['a select', '<select data-target><option>a</option></select>', 'control'],
    ['a link', '<a href="/" data-target>Home</a>', 'control'],
    ['Next', '<button type="button" data-target>Next</button>', 'control'],
    ['the icon inside a button', '<button type="button"><svg data-target></svg></button>', 'control'],
    ['an answer not chosen', `<button type="button" ${answerButtonAttribute} aria-pressed="false" data-target>Sometimes</button>`, 'control'],
    ['the answer chosen', `<button type="button" ${answerButtonAttribute} aria-pressed="true" data-target>Sometimes</button>`, 'chosen-answer'],
  ] as const)('%s: %s', (_name, html, expected) => {
    const target = html === null ? null : html === 'body' ? document.body : element(html);
    expect(keyTargetOf(target)).toBe(expected);
  });
});
