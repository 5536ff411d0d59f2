import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ShimmerImage } from './shimmer-image.tsx';

describe('ShimmerImage (docs/product-rules.md#layout)', () => {
  it('shimmers until the image loads', () => {
    render(<ShimmerImage src="/logo.png" alt="Acme" />);
    expect(screen.getByTestId('logo-shimmer')).toBeTruthy();
    fireEvent.load(screen.getByAltText('Acme'));
    expect(screen.queryByTestId('logo-shimmer')).toBeNull();
  });

  it('stops shimmering when the image fails, after trying the fallback', () => {
    render(<ShimmerImage src="/broken.png" alt="Acme" fallbackSrc="/kassa.svg" />);
    const img = screen.getByAltText('Acme') as HTMLImageElement;
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/kassa.svg');
    expect(screen.getByTestId('logo-shimmer')).toBeTruthy();
    fireEvent.error(img);
    expect(screen.queryByTestId('logo-shimmer')).toBeNull();
  });
});
