import { expect, test } from 'vitest';
import { gifHeader, jpegHeader, pngImage, svgImage, webpHeader } from '../test/images';
import { checkImage, IMAGE_MAX_BYTES, imagePath } from './image';

type Row = [name: string, bytes: Buffer, expected: { type: string; width: number; height: number } | RegExp];

const rows: Row[] = [
  ['a PNG is read from its own bytes', pngImage(240, 180), { type: 'image/png', width: 240, height: 180 }],
  ['a JPEG is read from its frame header', jpegHeader(300, 200), { type: 'image/jpeg', width: 300, height: 200 }],
  ['a WebP is read from its VP8L header', webpHeader(128, 96), { type: 'image/webp', width: 128, height: 96 }],
  ['an SVG is refused, saying why', svgImage, /^Photo or logo: SVG files are not accepted/],
  ['an SVG that starts with an XML declaration is refused too', Buffer.concat([Buffer.from('<?xml version="1.0"?>\n'), svgImage]), /SVG files are not accepted/],
  ['a GIF is refused, naming the kinds that work', gifHeader, /^Photo or logo: a GIF cannot be used\. Use a PNG, JPEG or WebP/],
  ['text named photo.png is not a picture', Buffer.from('just some text, named photo.png'), /^Photo or logo: this is not a picture we can use/],
  ['an empty file is refused', Buffer.alloc(0), /^Photo or logo: the file is empty/],
  ['a tiny picture is refused with its size', pngImage(32, 32), /at least 64 × 64 pixels \(this is 32 × 32\)/],
  ['a huge canvas is refused with its size', jpegHeader(6000, 4000), /at most 4096 pixels on each side \(this is 6000 × 4000\)/],
];

test.each(rows)('%s', (_name, bytes, expected) => {
  const result = checkImage(bytes);
  if (expected instanceof RegExp) {
    expect(result).toEqual({ ok: false, message: expect.stringMatching(expected) });
  } else {
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.image).toMatchObject({ contentType: expected.type, width: expected.width, height: expected.height });
    expect(result.image.hash).toMatch(/^[0-9a-f]{64}$/);
  }
});

test('a 5 MB photo is refused with its size and the limit', () => {
  const big = Buffer.concat([pngImage(400, 400), Buffer.alloc(5 * 1024 * 1024)]);
  expect(checkImage(big)).toEqual({ ok: false, message: expect.stringMatching(/^Photo or logo: at most 1 MB \(this one is 5\.\d MB\)/) });
});

test('exactly 1 MB is accepted, one byte more is not', () => {
  const png = pngImage(100, 100);
  const padded = Buffer.concat([png, Buffer.alloc(IMAGE_MAX_BYTES - png.length)]);
  expect(checkImage(padded).ok).toBe(true);
  expect(checkImage(Buffer.concat([padded, Buffer.alloc(1)])).ok).toBe(false);
});

test('the same bytes get the same address, with the extension of their kind', () => {
  const first = checkImage(pngImage(100, 100));
  const again = checkImage(pngImage(100, 100));
  if (!first.ok || !again.ok) throw new Error('expected pictures');
  expect(imagePath(first.image)).toBe(imagePath(again.image));
  expect(imagePath(first.image)).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
});
