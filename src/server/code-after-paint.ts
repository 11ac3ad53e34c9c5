/**
 * The loader index.html runs inline (paint-first.ts writes it, stringified, after the placeholder): the console's
 * stylesheet, code and preloads sit inert in a <template> until the browser has painted the placeholder, then go
 * live. Named in the page, a download raced the first paint: on a fast connection the code arrived first, and the
 * paint waited for the whole app to be evaluated; for Lighthouse's page-load model, every file that had arrived by
 * the first paint held back the largest paint, so Create payment's largest paint was simulated at 0.65 s or 2.2 s
 * depending on that race (README, Performance).
 *
 * The module script goes in once the stylesheets have loaded (or failed): as a parser-inserted module script did, it
 * never runs before the styles are there, so React never renders unstyled. It is named as a module preload at once,
 * so that it downloads beside the stylesheet. A tab in the background does not paint: there, the code goes live at
 * once. One second after this script runs, it goes live regardless: a paint that is never reported must not leave
 * the console unloaded.
 *
 * Self-contained (it is stringified): no imports, no names from outside the function.
 */
export function loadCodeAfterFirstPaint(templateId: string): void {
  const template = document.getElementById(templateId);
  if (!(template instanceof HTMLTemplateElement)) return;
  let started = false;
  const live = (inert: Element): HTMLElement => {
    const element = document.createElement(inert.localName);
    for (const attribute of Array.from(inert.attributes))
      element.setAttribute(attribute.name, attribute.value);
    return element;
  };
  const start = () => {
    if (started) return;
    started = true;
    const scripts: HTMLElement[] = [];
    const stylesheets: Promise<void>[] = [];
    for (const inert of Array.from(template.content.children)) {
      const element = live(inert);
      if (element.localName === 'script') {
        scripts.push(element);
        const preload = document.createElement('link');
        preload.rel = 'modulepreload';
        preload.href = inert.getAttribute('src') ?? '';
        const crossOrigin = inert.getAttribute('crossorigin');
        if (crossOrigin !== null) preload.setAttribute('crossorigin', crossOrigin);
        document.head.append(preload);
      } else if (element.getAttribute('rel') === 'stylesheet') {
        stylesheets.push(
          new Promise((settled) => {
            element.addEventListener('load', () => settled(), { once: true });
            element.addEventListener('error', () => settled(), { once: true });
          }),
        );
        // In the template's place, before #root: the app's <style> elements, rendered in #root, must win.
        template.before(element);
      } else {
        document.head.append(element);
      }
    }
    Promise.all(stylesheets).then(() => {
      for (const script of scripts) document.head.append(script);
    });
  };
  const paintReported =
    typeof PerformanceObserver === 'function' &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');
  if (document.visibilityState !== 'visible' || !paintReported) {
    start();
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  });
  observer.observe({ type: 'paint', buffered: true });
  document.addEventListener('visibilitychange', start, { once: true });
  setTimeout(start, 1000);
}
