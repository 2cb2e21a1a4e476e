import { expect, test } from 'vitest';
import { formatTable, median, medianOf } from './report';

test.each([
  [[3], 3],
  [[5, 1, 3], 3],
  [[4, 1, 3, 2], 2.5],
  [[], Number.NaN],
])('the median of %j is %d', (values, expected) => {
  expect(median(values)).toBe(expected);
});

test('medians are taken field by field and text fields are left out', () => {
  const samples = [
    { lcpMs: 900, cls: 0, url: '/' },
    { lcpMs: 700, cls: 0.1, url: '/' },
    { lcpMs: 800, cls: 0, url: '/' },
  ];
  expect(medianOf(samples)).toEqual({ lcpMs: 800, cls: 0 });
});

test('the table shows each figure with its target and whether it was met', () => {
  const table = formatTable([
    { figure: '/ LCP (ms)', value: '712', target: '<= 1,300', met: true },
    { figure: '/quiz requests', value: '4' },
    { figure: 'API p99 (ms)', value: '31.0', target: '<= 20', met: false },
  ]);
  expect(table.split('\n')).toEqual([
    '| figure         | median | target   | met |',
    '| -------------- | ------ | -------- | --- |',
    '| / LCP (ms)     | 712    | <= 1,300 | yes |',
    '| /quiz requests | 4      |          |     |',
    '| API p99 (ms)   | 31.0   | <= 20    | NO  |',
  ]);
});
