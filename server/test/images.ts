/**
 * Pictures for tests, made here rather than shipped as binary files: a real PNG any browser decodes
 * (a soft round face on a warm background), and the headers of a JPEG, a WebP, an SVG and a GIF,
 * which is all the checks read.
 */
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A width × height RGB PNG: a teal disc on pale yellow, like a face in a round frame. `noise` adds
 * bytes the compressor cannot shrink, to make a big file of the same size on screen.
 */
export function pngImage(width = 240, height = 240, options: { noise?: boolean } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const rows: Buffer[] = [];
  let seed = 7;
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const dx = x - width / 2;
      const dy = y - height / 2;
      const inside = dx * dx + dy * dy < (Math.min(width, height) * 0.38) ** 2;
      let [r, g, b] = inside ? [0x1f, 0x5c, 0x63] : [0xfb, 0xe8, 0xa6];
      if (options.noise) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        [r, g, b] = [seed & 0xff, (seed >> 8) & 0xff, (seed >> 16) & 0xff];
      }
      row.writeUInt8(r, 1 + x * 3);
      row.writeUInt8(g, 2 + x * 3);
      row.writeUInt8(b, 3 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The start of a baseline JPEG: SOI, a JFIF APP0 and the frame header with the dimensions. */
export function jpegHeader(width = 300, height = 200): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof0 = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof0, Buffer.from([0xff, 0xd9])]);
}

/** A lossless WebP's header (RIFF, VP8L) with the dimensions. */
export function webpHeader(width = 128, height = 96): Buffer {
  const bits = (width - 1) | ((height - 1) << 14);
  const vp8l = Buffer.from([0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >> 24) & 0xff, 0, 0, 0]);
  const chunkHeader = Buffer.concat([Buffer.from('VP8L', 'ascii'), Buffer.from([vp8l.length, 0, 0, 0])]);
  const body = Buffer.concat([Buffer.from('WEBP', 'ascii'), chunkHeader, vp8l]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from('RIFF', 'ascii'), size, body]);
}

export const svgImage = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><script>alert(1)</script><circle cx="100" cy="100" r="80"/></svg>',
);

export const gifHeader = Buffer.concat([Buffer.from('GIF89a', 'ascii'), Buffer.from([200, 0, 200, 0, 0, 0, 0])]);
