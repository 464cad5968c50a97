// Writing to the document: every text from the app goes through `make` (or PageText.visible)
// into textContent, never markup; `rebuild` makes a part of the page again keeping what the
// user is in the middle of (typed text, the caret, keyboard focus, scroll, open sections);
// `parseDrawing` reads a Graphviz drawing into a document of its own, whose scripts never run.
class PageDOM {
  static svgNamespace = 'http://www.w3.org/2000/svg';

  /** An element with a class and text: app text made visible (see PageText.visible);
   *  `keepLines` keeps a value's line breaks. */
  static make(tag, className, text, keepLines = false) {
    const element = document.createElement(tag);
    if (className) element.className = className;
    if (text !== undefined && text !== null) element.textContent = PageText.visible(text, keepLines);
    return element;
  }

  /** An SVG element with attributes (null ones left out) and text. */
  static svgElement(tag, attributes = {}, text) {
    const made = document.createElementNS(PageDOM.svgNamespace, tag);
    for (const [name, value] of Object.entries(attributes)) if (value !== null && value !== undefined) made.setAttribute(name, value);
    if (text !== undefined) made.textContent = text;
    return made;
  }

  /** Graphviz's SVG as the report's renderer wrote it for inline HTML (its text escaped
   *  there), parsed as the page's own SVG was: by the HTML parser, into a document of its own
   *  whose scripts never run (and the page allows none). The drawing's <svg>, or null. */
  static parseDrawing(source) {
    const parsed = new DOMParser().parseFromString(source, 'text/html').body.firstElementChild;
    return parsed && parsed.tagName.toLowerCase() === 'svg' ? parsed : null;
  }

  /** Tells a screen reader `text` (only what changed is read out: the details are not live). */
  static announce(text) {
    const announcer = document.getElementById('announce');
    if (announcer) announcer.textContent = PageText.visible(text);
  }

  // What keeps its place across a rebuild: a field or section by its `data-keep` key, a link by
  // the entry or node it leads to.
  static keyOf(element) {
    if (!element || element.nodeType !== 1) return null;
    for (const name of ['data-keep', 'data-step', 'data-target-id']) {
      const value = element.getAttribute(name);
      if (value !== null) return `[${name}="${CSS.escape(value)}"]`;
    }
    return null;
  }

  /** Empties `container` and fills it again with `build()`, keeping what the user is in the
   *  middle of: each field and `<details>` marked `data-keep="key"` that the new content has
   *  too gets the old one's text (or tick), scroll and openness; keyboard focus returns to the
   *  same field (with its caret) or link, else to the container; the container keeps its
   *  scroll. The new elements stay the ones `build` wired up. */
  static rebuild(container, build) {
    const focused = container.contains(document.activeElement) ? document.activeElement : null;
    const focusKey = focused && focused !== container ? PageDOM.keyOf(focused) : null;
    const caret = focused && typeof focused.selectionStart === 'number'
      ? [focused.selectionStart, focused.selectionEnd, focused.selectionDirection] : null;
    const kept = new Map();
    for (const element of container.querySelectorAll('[data-keep]')) {
      kept.set(element.getAttribute('data-keep'), {
        tag: element.tagName, value: element.value, checked: element.checked, open: element.open, scroll: element.scrollTop,
      });
    }
    const scroll = container.scrollTop;
    container.replaceChildren();
    build();
    for (const element of container.querySelectorAll('[data-keep]')) {
      const old = kept.get(element.getAttribute('data-keep'));
      if (!old || old.tag !== element.tagName) continue;
      if (element.tagName === 'DETAILS') element.open = old.open;
      else if (element.type === 'checkbox' || element.type === 'radio') element.checked = old.checked;
      else if ('value' in element && old.value !== undefined) element.value = old.value;
      element.scrollTop = old.scroll;
    }
    container.scrollTop = scroll;
    if (focused) {
      const again = focusKey ? container.querySelector(focusKey) : null;
      (again ?? container).focus({ preventScroll: true });
      if (again && caret && typeof again.setSelectionRange === 'function') {
        try { again.setSelectionRange(...caret); } catch { /* a field without a caret */ }
      }
    }
  }
}
