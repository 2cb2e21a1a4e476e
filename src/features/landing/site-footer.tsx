import { site } from '../../content/site';
import { useCurrentYear } from '../../lib/use-current-year';

export function SiteFooter() {
  const year = useCurrentYear();
  return (
    <footer data-chrome="" className="border-t border-line px-5 py-6 text-center text-sm text-muted">
      <p>
        © {year} {site.productName}. {site.tagline}
      </p>
    </footer>
  );
}
