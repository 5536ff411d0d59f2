// A generated logo per demo merchant: initials on a rounded square, as an SVG data: URL. The CSP
// allows data: images (plugins/security-headers.ts), and no file has to ship with the repo.

export function merchantLogo(name: string, color: string): string {
  const initials = name
    .split(/\s+/)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('')
    .slice(0, 2);
  const svg = [
    '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">',
    `<rect width="128" height="128" rx="28" fill="${color}"/>`,
    '<text x="64" y="64" dy=".35em" text-anchor="middle" font-family="Helvetica, Arial, sans-serif"',
    ` font-size="52" font-weight="700" fill="#ffffff">${initials}</text>`,
    '</svg>',
  ].join('');
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
