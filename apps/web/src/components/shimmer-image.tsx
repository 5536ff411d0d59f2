import { useEffect, useRef, useState } from 'react';

/**
 * docs/product-rules.md#layout: an image (the sidebar logo) shows a shimmer until it loads or fails; a failed image falls
 * back to `fallbackSrc` when one is given.
 */
export function ShimmerImage({
  src,
  alt,
  fallbackSrc,
  className,
}: {
  src: string;
  alt: string;
  fallbackSrc?: string;
  className?: string;
}) {
  const [currentSrc, setCurrentSrc] = useState(src);
  const [state, setState] = useState<'loading' | 'done'>('loading');
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => {
    setCurrentSrc(src);
    setState('loading');
  }, [src]);

  // An image already in the cache may finish before React attaches the load handler.
  useEffect(() => {
    if (ref.current?.complete && ref.current.naturalWidth > 0) setState('done');
  }, []);

  const onError = () => {
    if (fallbackSrc && currentSrc !== fallbackSrc) setCurrentSrc(fallbackSrc);
    else setState('done');
  };

  return (
    <span className={`shimmer-frame ${state === 'loading' ? 'is-loading' : ''} ${className ?? ''}`}>
      {state === 'loading' && <span className="shimmer" data-testid="logo-shimmer" aria-hidden="true" />}
      <img ref={ref} src={currentSrc} alt={alt} onLoad={() => setState('done')} onError={onError} />
    </span>
  );
}
