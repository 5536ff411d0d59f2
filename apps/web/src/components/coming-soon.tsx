import { Icon } from './icon.tsx';
import { PageHeader } from './page-header.tsx';

/**
 * The honest empty state of a page whose feature ships in a later release: its title, what it will
 * do, and nothing made up.
 */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <section>
      <PageHeader title={title} description={description} />
      <div className="empty-state" data-testid="coming-soon">
        <span className="empty-state-icon">
          <Icon name="hourglass" size={28} />
        </span>
        <h2 className="h5 mb-1">Coming soon</h2>
        <p className="text-body-secondary mb-0">This part of Kassa is being built and is not available yet.</p>
      </div>
    </section>
  );
}
