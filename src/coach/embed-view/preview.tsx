/** The live preview: the real quiz framed from this origin, the draft look applied as the coach types, and the popup's button. */
import { useEffect, useRef, useState } from 'react';
import { applyFrameStyle } from '../../lib/frame-style';
import { embedScriptLook, frameStyle, quizColours, type EmbedLook } from '../../shared/frame-look';
import { embedCopy } from '../content/embed';
import { previewScale } from '../embed-draft';

const copy = embedCopy;

const previewWidths = [360, 660, 1000] as const;
const PREVIEW_HEIGHT = 560;

/** The real quiz in a frame of a chosen width, shrunk to fit, with the draft look applied to it. */
export function Preview({ look }: { look: EmbedLook }) {
  // A phone's frame on a phone, where a wider one would shrink to a size too small to read.
  const [width, setWidth] = useState<(typeof previewWidths)[number]>(() => (window.innerWidth < 640 ? 360 : 660));
  const [pageColour, setPageColour] = useState('#ffffff');
  const [space, setSpace] = useState(0);
  const stage = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setSpace(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const apply = () => {
    const root = frame.current?.contentDocument?.documentElement;
    if (root) applyFrameStyle(frameStyle(look), 'inline', root);
  };
  // Every draft, at once: the frame is of this origin, so its page is reachable.
  useEffect(apply);

  const scale = previewScale(space, width);
  const button = embedScriptLook(look);
  return (
    <section aria-labelledby="embed-preview-title" className="rounded-3xl border border-line bg-white p-4 shadow-sm sm:p-6">
      <h3 id="embed-preview-title" className="text-lg font-bold text-teal-dark">
        {copy.previewTitle}
      </h3>
      <p className="mt-1 text-sm text-muted">{copy.previewIntro}</p>
      <div className="mt-3 flex flex-wrap items-end gap-x-6 gap-y-3">
        <fieldset>
          <legend className="text-sm font-semibold text-ink">{copy.previewWidth}</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {previewWidths.map((value) => (
              <label
                key={value}
                className="inline-flex min-h-11 cursor-pointer items-center rounded-full border-2 border-line px-4 text-sm font-semibold text-ink has-checked:border-teal has-checked:bg-teal has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-teal"
              >
                <input type="radio" name="preview-width" value={value} checked={width === value} onChange={() => setWidth(value)} className="sr-only" />
                {copy.previewWidths[value]}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex items-center gap-2 text-sm font-semibold text-ink">
          <input type="color" value={pageColour} onChange={(event) => setPageColour(event.target.value)} className="h-11 w-14 cursor-pointer rounded-xl border-2 border-muted bg-white p-1" />
          {copy.pageColour}
        </label>
      </div>
      <div ref={stage} className="mt-4 overflow-hidden rounded-2xl border border-line" style={{ backgroundColor: pageColour, height: PREVIEW_HEIGHT }}>
        <iframe
          ref={frame}
          title={copy.previewFrame}
          src="/?embed=inline"
          onLoad={apply}
          className="block origin-top-left border-0"
          style={{ width, height: PREVIEW_HEIGHT / scale, transform: `scale(${scale})`, colorScheme: 'normal' }}
        />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3 rounded-2xl px-4 py-3" style={{ backgroundColor: pageColour }}>
        <p className="text-sm font-semibold text-ink">{copy.popupPreview}:</p>
        {/* As embed.js draws it on the coach's page (src/embed/embed.ts); not a control here. */}
        <span
          className="inline-flex min-h-12 items-center rounded-full px-7 py-3 text-lg leading-tight font-semibold"
          style={{ background: button.buttonColour ?? quizColours.teal, color: button.buttonTextColour ?? quizColours.white }}
        >
          {button.buttonText ?? 'Discover Your Core Drivers'}
        </span>
      </div>
    </section>
  );
}
