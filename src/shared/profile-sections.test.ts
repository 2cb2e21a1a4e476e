import { describe, expect, it } from 'vitest';
import { profileSectionOf, profileSectionUrl } from './profile-sections';

describe('profileSectionUrl', () => {
  it.each([
    ['https://quiz.example/profile#TOKEN', 'tips', 'https://quiz.example/profile?open=tips#TOKEN'],
    ['https://quiz.example/profile#TOKEN', 'strengths', 'https://quiz.example/profile?open=strengths#TOKEN'],
    ['http://127.0.0.1:3000/profile#a-b_c', 'tips', 'http://127.0.0.1:3000/profile?open=tips#a-b_c'],
    ['https://coach.example/quiz/profile#TOKEN', 'tips', 'https://coach.example/quiz/profile?open=tips#TOKEN'],
  ] as const)('%s at %s is %s', (profileUrl, section, expected) => {
    expect(profileSectionUrl(profileUrl, section)).toBe(expected);
  });
});

describe('profileSectionOf', () => {
  it.each([
    ['?open=tips', 'tips'],
    ['?open=strengths', 'strengths'],
    ['', null],
    ['?open=', null],
    ['?open=TIPS', null],
    ['?open=course', null],
    ['?utm_source=mail&open=tips', 'tips'],
  ] as const)('%j opens at %s', (search, expected) => {
    expect(profileSectionOf(search)).toBe(expected);
  });
});
