import kassaLogo from '../assets/kassa-logo.svg';

/**
 * The public pages' frame while checkout is being built. Used by the checkout chunk, so it must not
 * import the back-office layout (ARCHITECTURE 1).
 */
export function PublicComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <main className="status-page">
      <img src={kassaLogo} alt="Kassa" height={32} className="mb-4" />
      <h1 className="h3" data-testid="page-title">
        {title}
      </h1>
      <p className="text-body-secondary mb-1">{description}</p>
      <p className="text-body-secondary" data-testid="coming-soon">
        Coming soon: this page is not available yet.
      </p>
    </main>
  );
}
