import { site } from '../../content/site';
import { useSiteConfig } from '../../lib/site-config';
import { useCurrentYear } from '../../lib/use-current-year';

export function SiteFooter() {
  const year = useCurrentYear();
  const { coach } = useSiteConfig();
  return (
    <footer data-chrome="" className="border-t border-line px-5 py-6 text-center text-sm text-muted">
      <p>
        © {year} {site.productName}. {site.tagline}
      </p>
      {coach.name !== null && (
        <p className="mt-1">
          {site.quizBy} {coach.name}.
        </p>
      )}
    </footer>
  );
}
