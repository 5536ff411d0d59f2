import { describe, expect, it } from 'vitest';
import { detectImageKind } from './image-type.ts';

describe('detectImageKind', () => {
  it('recognises PNG, JPEG and WebP by their signatures', () => {
    expect(detectImageKind(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))?.ext).toBe('png');
    expect(detectImageKind(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))?.ext).toBe('jpg');
    expect(detectImageKind(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))?.ext).toBe('webp');
  });

  it('refuses anything else, whatever it is called', () => {
    expect(detectImageKind(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(detectImageKind(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageKind(new TextEncoder().encode('RIFF\0\0\0\0WAVE'))).toBeNull();
    expect(detectImageKind(new Uint8Array())).toBeNull();
  });
});
