import type { ReactNode } from 'react';
import './data-list.css';

/** A merchant's logo, or its initials on a tinted square when it has none. */
export function EntityLogo({ src, name, size = 36 }: { src: string | null; name: string; size?: number }) {
  const style = { width: size, height: size };
  if (src) return <img className="entity-logo" src={src} alt="" style={style} loading="lazy" />;
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
  return (
    <span className="entity-logo is-placeholder" style={style} aria-hidden="true">
      {initials || '?'}
    </span>
  );
}

/** A row's first cell: the logo (or initials) beside the name, which `children` shows. */
export function EntityCell({
  src,
  name,
  size,
  children,
}: {
  src: string | null;
  name: string;
  size?: number;
  children: ReactNode;
}) {
  return (
    <div className="d-flex align-items-center gap-2">
      <EntityLogo src={src} name={name} size={size} />
      {children}
    </div>
  );
}
