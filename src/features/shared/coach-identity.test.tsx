import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { expect, test } from 'vitest';
import { resultsCopy } from '../../content/results';
import { SiteConfigContext } from '../../lib/site-config';
import { defaultSiteConfig, type SiteConfig } from '../../shared/site-config';
import { CareMessage } from './care-message';
import { CourseCta } from './course-cta';
import { placeholderCourseUrl } from './course-url';
import { renderAppAt } from '../../test/render';

const dana: SiteConfig = {
  ...defaultSiteConfig,
  coach: { name: 'Dana Reyes', intro: 'ADHD coach for busy founders', photo: { url: '/media/abc.png', width: 240, height: 240 } },
  course: {
    url: 'https://dana.example/course',
    pitch: 'Six short lessons in my own words.\n\nNo fluff.',
    length: '4 weeks',
    price: '$49',
    outcome: 'A morning routine that sticks',
  },
  helpLine: { text: 'Book a free call with me', url: 'https://dana.example/call' },
};

function withSettings(settings: SiteConfig, ui: ReactNode, path = '/results') {
  return render(
    <SiteConfigContext value={settings}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </SiteConfigContext>,
  );
}

test('the landing page says whose quiz it is, with their face and intro, and so does the footer', () => {
  renderAppAt('/', dana);
  const byline = screen.getByText('Dana Reyes', { selector: 'strong' }).closest('p');
  expect(byline).toHaveTextContent('A quiz by Dana Reyes');
  expect(byline).toHaveTextContent('ADHD coach for busy founders');
  expect(document.querySelector('img[src="/media/abc.png"]')).toHaveAttribute('width', '240');
  expect(screen.getByRole('contentinfo')).toHaveTextContent('A quiz by Dana Reyes.');
  // The spec's texts stay.
  expect(screen.getByRole('heading', { level: 1, name: 'Discover Your Core Drivers' })).toBeInTheDocument();
  expect(screen.getByRole('contentinfo')).toHaveTextContent('Empowering you to understand your unique mind.');
});

test('without a name, the landing page and footer show no byline', () => {
  renderAppAt('/', defaultSiteConfig);
  expect(screen.queryByText(/A quiz by/)).not.toBeInTheDocument();
});

test('a name holding markup is shown as the text it is', () => {
  renderAppAt('/', { ...dana, coach: { ...dana.coach, name: '<img src=x onerror=alert(1)>' } });
  expect(screen.getByRole('contentinfo')).toHaveTextContent('A quiz by <img src=x onerror=alert(1)>.');
  expect(document.querySelector('img[src="x"]')).toBeNull();
});

test('the course call to action carries the coach’s face, pitch, details and link, under the spec’s texts', () => {
  withSettings(dana, <CourseCta ratings={[2, 2, 2, 2, 2, 2, 2, 2, 2]} />);
  const cta = screen.getByRole('region', { name: 'Now what?' });
  expect(within(cta).getByText('Dana Reyes')).toBeInTheDocument();
  expect(within(cta).getByText('Six short lessons in my own words.')).toBeInTheDocument();
  expect(within(cta).getByText('No fluff.')).toBeInTheDocument();
  const terms = within(cta).getAllByRole('term').map((term) => term.textContent);
  const definitions = within(cta).getAllByRole('definition').map((definition) => definition.textContent);
  expect(terms).toEqual(['Length', 'Price', 'You’ll get']);
  expect(definitions).toEqual(['4 weeks', '$49', 'A morning routine that sticks']);
  const link = within(cta).getByRole('link', { name: /Show Me the Course/ });
  expect(link).toHaveAttribute('href', 'https://dana.example/course');
  expect(link).toHaveAttribute('target', '_blank');
});

test('without the coach’s settings the call to action keeps our pitch and the build-time link, with no details', () => {
  withSettings(defaultSiteConfig, <CourseCta ratings={[2, 2, 2, 2, 2, 2, 2, 2, 2]} />);
  expect(screen.getByText(resultsCopy.course.pitch)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /Show Me the Course/ })).toHaveAttribute('href', placeholderCourseUrl);
  expect(screen.queryByText('Length')).not.toBeInTheDocument();
});

test('the care message gets the coach’s help line: a page opens in a new tab, a phone number in place', () => {
  const { unmount } = withSettings(dana, <CareMessage text="Talk to someone." />);
  expect(screen.getByRole('link', { name: /Book a free call with me/ })).toHaveAttribute('target', '_blank');
  unmount();
  withSettings({ ...dana, helpLine: { text: 'Call 988', url: 'tel:988' } }, <CareMessage text="Talk to someone." />);
  const phone = screen.getByRole('link', { name: 'Call 988' });
  expect(phone).toHaveAttribute('href', 'tel:988');
  expect(phone).not.toHaveAttribute('target');
});
