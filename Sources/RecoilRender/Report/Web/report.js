// The report's script: pan and zoom, search, selection with what is up- and downstream, the
// details panel, the virtualized timeline with stepping, the heat toggle and the kind filter.
//
// It reads the data ReportData embeds, finds node i as the SVG group #n<i> and edge k as #e<k>,
// and writes app text only through textContent and attribute setters, never as markup. When it
// is ready it sets data-ready="true" on the root element, for scripts and tests to wait on.
// Its pure parts are in report-core.js (ReportCore), embedded before it.
(() => {
  'use strict';
  const data = JSON.parse(document.getElementById('report-data').textContent);
  const nodes = data.nodes;
  const edges = data.edges.filter(([from, to]) => from >= 0 && to >= 0);
  const timeline = data.timeline;
  const graph = document.getElementById('graph');
  const canvas = document.getElementById('canvas');
  const svg = canvas.querySelector('svg');
  const details = document.getElementById('details');
  const detailsAtStart = [...details.childNodes].map((child) => child.cloneNode(true));
  const search = document.getElementById('search');
  const searchCount = document.getElementById('search-count');
  const timelineView = document.getElementById('timeline');

  const indexOfId = new Map(nodes.map((node, index) => [node.id, index]));
  const dependencies = nodes.map(() => []);
  const dependents = nodes.map(() => []);
  for (const [from, to] of edges) {
    dependencies[to].push(from);
    dependents[from].push(to);
  }
  const nodeElements = nodes.map((_, index) => document.getElementById('n' + index));
  const edgeElements = data.edges.map((_, index) => document.getElementById('e' + index));

  function make(tag, className, text) {
    const element = document.createElement(tag);
    if (className) element.className = className;
    if (text !== undefined && text !== null) element.textContent = String(text);
    return element;
  }

  // ---- Pan and zoom: the canvas is moved and scaled with a CSS transform.
  const view = { x: 0, y: 0, scale: 1 };
  const viewBox = svg.viewBox.baseVal;
  const size = { width: viewBox && viewBox.width ? viewBox.width : 800, height: viewBox && viewBox.height ? viewBox.height : 600 };
  svg.setAttribute('width', String(size.width));
  svg.setAttribute('height', String(size.height));

  function applyView() {
    canvas.style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
  }
  function zoomAt(factor, clientX, clientY) {
    const frame = graph.getBoundingClientRect();
    const x = clientX - frame.left;
    const y = clientY - frame.top;
    const scale = Math.min(8, Math.max(0.01, view.scale * factor));
    const applied = scale / view.scale;
    view.x = x - (x - view.x) * applied;
    view.y = y - (y - view.y) * applied;
    view.scale = scale;
    applyView();
  }
  function zoomCentered(factor) {
    const frame = graph.getBoundingClientRect();
    zoomAt(factor, frame.left + frame.width / 2, frame.top + frame.height / 2);
  }
  function fit() {
    const frame = graph.getBoundingClientRect();
    const scale = Math.min(frame.width / size.width, frame.height / size.height, 1) * 0.97;
    view.scale = Math.max(0.01, scale);
    view.x = (frame.width - size.width * view.scale) / 2;
    view.y = (frame.height - size.height * view.scale) / 2;
    applyView();
  }
  function bringIntoView(index) {
    const element = nodeElements[index];
    if (!element) return;
    const box = element.getBoundingClientRect();
    const frame = graph.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) return;
    if (box.width > frame.width * 0.8 || box.height > frame.height * 0.8 || view.scale < 0.5) {
      const target = Math.min(1, 0.8 * frame.width / Math.max(box.width / view.scale, 1));
      zoomAt(target / view.scale, box.left + box.width / 2, box.top + box.height / 2);
    }
    const moved = element.getBoundingClientRect();
    view.x += frame.left + frame.width / 2 - (moved.left + moved.width / 2);
    view.y += frame.top + frame.height / 2 - (moved.top + moved.height / 2);
    applyView();
  }

  const pointers = new Map();
  let drag = null;
  let pinch = null;
  let moved = false;
  graph.addEventListener('pointerdown', (event) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    graph.setPointerCapture(event.pointerId);
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 1) {
      moved = false;
      drag = { x: event.clientX, y: event.clientY, viewX: view.x, viewY: view.y };
    } else if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = Math.hypot(a.x - b.x, a.y - b.y);
      drag = null;
      moved = true;
    }
  });
  graph.addEventListener('pointermove', (event) => {
    if (!pointers.has(event.pointerId)) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pinch !== null && pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      if (pinch > 0 && distance > 0) zoomAt(distance / pinch, (a.x + b.x) / 2, (a.y + b.y) / 2);
      pinch = distance;
    } else if (drag) {
      const dx = event.clientX - drag.x;
      const dy = event.clientY - drag.y;
      if (!moved && Math.abs(dx) + Math.abs(dy) > 4) {
        moved = true;
        graph.classList.add('panning');
      }
      if (moved) {
        view.x = drag.viewX + dx;
        view.y = drag.viewY + dy;
        applyView();
      }
    }
  });
  function releasePointer(event) {
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinch = null;
    if (pointers.size === 0) {
      drag = null;
      graph.classList.remove('panning');
    }
  }
  graph.addEventListener('pointerup', (event) => {
    const isClick = !moved && pointers.size === 1 && pointers.has(event.pointerId);
    releasePointer(event);
    if (!isClick) return;
    const target = document.elementFromPoint(event.clientX, event.clientY);
    const group = target && target.closest('g.node[data-node-id]');
    if (group) {
      select(indexOfId.get(group.getAttribute('data-node-id')));
    } else {
      clearSelection();
    }
  });
  graph.addEventListener('pointercancel', releasePointer);
  graph.addEventListener('wheel', (event) => {
    event.preventDefault();
    // Chromium reports a trackpad pinch as a wheel event with the Control key.
    const rate = event.ctrlKey ? 0.01 : 0.0015;
    zoomAt(Math.exp(-event.deltaY * rate), event.clientX, event.clientY);
  }, { passive: false });
  document.getElementById('zoom-in').addEventListener('click', () => zoomCentered(1.25));
  document.getElementById('zoom-out').addEventListener('click', () => zoomCentered(0.8));
  document.getElementById('zoom-fit').addEventListener('click', fit);

  // ---- Search: a case-insensitive substring of the id, the label or the value.
  const haystacks = nodes.map(ReportCore.searchText);
  let matches = [];
  function runSearch() {
    const query = search.value;
    for (const index of matches) nodeElements[index] && nodeElements[index].classList.remove('match');
    matches = ReportCore.searchMatches(haystacks, query);
    for (const index of matches) nodeElements[index] && nodeElements[index].classList.add('match');
    searchCount.textContent = query ? `${matches.length} match${matches.length === 1 ? '' : 'es'}` : '';
  }
  search.addEventListener('input', runSearch);
  search.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      runSearch();
      const chosen = ReportCore.chooseMatch(nodes, matches, search.value);
      if (chosen !== undefined) {
        select(chosen);
        bringIntoView(chosen);
      }
    } else if (event.key === 'Escape') {
      search.value = '';
      runSearch();
      search.blur();
    }
  });

  // ---- Selection: the node, what it depends on (upstream) and what depends on it (downstream).
  let selected = null;
  const selectionMarks = [];
  const reach = ReportCore.reach;
  function markSelection(element, name) {
    if (!element) return;
    element.classList.add(name);
    selectionMarks.push([element, name]);
  }
  function clearSelectionMarks() {
    for (const [element, name] of selectionMarks) element.classList.remove(name);
    selectionMarks.length = 0;
    graph.classList.remove('has-selection');
  }
  function clearSelection() {
    clearSelectionMarks();
    selected = null;
    rememberView();
  }
  function select(index) {
    if (index === undefined || index === null || !nodes[index]) return;
    clearSelectionMarks();
    selected = index;
    const upstream = reach(index, dependencies);
    const downstream = reach(index, dependents);
    markSelection(nodeElements[index], 'selected');
    for (const other of upstream) markSelection(nodeElements[other], 'upstream');
    for (const other of downstream) markSelection(nodeElements[other], 'downstream');
    data.edges.forEach(([from, to], edge) => {
      if (upstream.has(from) && (to === index || upstream.has(to))) markSelection(edgeElements[edge], 'upstream');
      if (downstream.has(to) && (from === index || downstream.has(from))) markSelection(edgeElements[edge], 'downstream');
    });
    graph.classList.add('has-selection');
    showNode(index);
    rememberView();
  }

  // ---- Details.
  function nodeLink(index) {
    const link = make('a', 'node-link', nodes[index].id);
    link.href = '#';
    link.setAttribute('data-target-id', nodes[index].id);
    return link;
  }
  function entryLink(entryIndex, text) {
    const link = make('a', 'entry-link', text);
    link.href = '#';
    link.setAttribute('data-step', String(entryIndex));
    return link;
  }
  function entryTitle(entry) {
    return `${entry.seq}. ${entry.store} #${entry.storeSeq} ${entry.name}`;
  }
  function definitionList(rows) {
    const list = make('dl');
    for (const [name, value] of rows) {
      if (value === undefined || value === null || value === '') continue;
      list.append(make('dt', null, name));
      const cell = make('dd');
      if (value instanceof Node) cell.append(value); else cell.textContent = String(value);
      list.append(cell);
    }
    return list;
  }
  function section(title, content) {
    const fragment = document.createDocumentFragment();
    fragment.append(make('h3', null, title));
    fragment.append(content);
    return fragment;
  }
  function linkList(indexes, empty) {
    if (!indexes.length) return make('p', 'hint', empty);
    const list = make('ul');
    for (const index of indexes) {
      const item = make('li');
      item.append(nodeLink(index));
      list.append(item);
    }
    return list;
  }
  function changeLine(change) {
    const line = make('div', 'change');
    line.append(make('span', 'path', change.path || '(whole state)'), ': ');
    line.append(make('span', 'before', change.before ?? '∅'), ' → ', make('span', 'after', change.after ?? '∅'));
    return line;
  }
  function showNode(index) {
    const node = nodes[index];
    details.replaceChildren(make('h2', null, node.label || node.id));
    const evaluations = node.evaluations;
    details.append(definitionList([
      ['id', node.id],
      ['difference', node.difference],
      ['kind', node.kind + (node.async ? ' (async)' : '')],
      ['label', node.label],
      ['value type', node.valueType],
      ['status', node.status],
      ['error', node.error],
      ['subscribers', node.subscribers],
      ['evaluations', evaluations && `${evaluations.count}` + (evaluations.timed < evaluations.count ? ` (${evaluations.timed} timed)` : '')],
      ['total', evaluations && evaluations.total],
      ['mean', evaluations && evaluations.mean],
      ['max', evaluations && evaluations.max],
      ['last', evaluations && evaluations.last],
      ['family', node.family],
      ['parameter', node.parameter],
      ['store', node.owner !== undefined && indexOfId.has(node.owner) ? nodeLink(indexOfId.get(node.owner)) : node.owner],
    ]));
    // One value: as of the chosen entry where the node's history says, else the latest.
    const bound = current >= 0 && node.history ? ReportCore.boundOf(timeline, current) : undefined;
    if (bound !== undefined) {
      const value = ReportCore.valueAsOf(node.history, bound);
      details.append(section(`Value as of ${entryTitle(timeline[current])}`, make('pre', 'value', value ?? '∅')));
    } else if (node.value !== undefined) {
      details.append(section('Value', make('pre', 'value', node.value)));
    }
    if (node.history) {
      // Its previous and next change, from the chosen entry (or from the start).
      const changes = ReportCore.changeEntries(timeline, node.history);
      const { previous, next } = ReportCore.neighbours(changes, current);
      const steps = make('p', 'steps');
      steps.append(
        previous !== undefined ? entryLink(previous, '← previous change') : make('span', 'hint', 'no earlier change'),
        ' · ',
        next !== undefined ? entryLink(next, 'next change →') : make('span', 'hint', 'no later change'));
      details.append(section(`Changes (${changes.length})`, steps));
    }
    details.append(section(`Dependencies (${dependencies[index].length})`, linkList(dependencies[index], 'None.')));
    details.append(section(`Dependents (${dependents[index].length})`, linkList(dependents[index], 'None.')));

    const history = [];
    timeline.forEach((entry, entryIndex) => {
      if (entry.changes.some((change) => change.nodes.includes(index))) history.push(entryIndex);
    });
    if (bound === undefined && current >= 0 && history.some((entryIndex) => entryIndex <= current)) {
      // Time travel: the latest value of each path this node owns, as of the chosen entry.
      const latest = new Map();
      for (const entryIndex of history) {
        if (entryIndex > current) break;
        for (const change of timeline[entryIndex].changes) {
          if (change.nodes.includes(index)) latest.set(change.path, change);
        }
      }
      const values = make('div');
      for (const change of latest.values()) {
        const line = make('div', 'change');
        line.append(make('span', 'path', change.path || '(whole state)'), ' = ', make('span', 'after', change.after ?? '∅'));
        values.append(line);
      }
      details.append(section(`As of ${entryTitle(timeline[current])}`, values));
    }
    if (history.length) {
      const list = make('ul');
      for (const entryIndex of history.slice(-200)) {
        const item = make('li');
        item.append(entryLink(entryIndex, entryTitle(timeline[entryIndex])));
        list.append(item);
      }
      const title = history.length > 200 ? `History (last 200 of ${history.length})` : `History (${history.length})`;
      details.append(section(title, list));
    } else if (node.kind === 'store' || node.kind === 'slice') {
      details.append(section('History', make('p', 'hint', 'No recorded action changed it.')));
    }
  }
  function showEntry(entryIndex) {
    const entry = timeline[entryIndex];
    details.replaceChildren(make('h2', null, `${entry.seq}. ${entry.store} #${entry.storeSeq} ${entry.name}`));
    const storeIndex = indexOfId.get(entry.store);
    details.append(definitionList([
      ['store', storeIndex !== undefined ? nodeLink(storeIndex) : entry.store],
      ['action', entry.name],
      ['payload', entry.payload],
      ['at', entry.at],
      ['took', entry.duration],
    ]));
    const changes = make('div');
    for (const change of entry.changes) changes.append(changeLine(change));
    if (!entry.changes.length) changes.append(make('p', 'hint', 'No state changed.'));
    details.append(section(`Changes (${entry.changes.length})`, changes));
    const written = writtenBy(entry);
    if (written.length) details.append(section('Wrote', linkList(written, '')));
    // What it caused, from the causal timeline: notifications, the atoms its subscribers
    // wrote, the evaluations and effects that followed.
    if (entry.caused && entry.caused.length) {
      const caused = make('ul', 'caused');
      for (const effect of entry.caused) {
        const item = make('li', effect.kind, `#${effect.seq} ${effect.text}`);
        if (effect.node !== undefined) {
          const link = nodeLink(effect.node);
          link.textContent = 'show';
          link.title = nodes[effect.node].id;
          item.append(' ', link);
        }
        caused.append(item);
      }
      details.append(section(`Caused (${entry.caused.length})`, caused));
    }
  }
  details.addEventListener('click', (event) => {
    const link = event.target.closest('[data-target-id], [data-step]');
    if (!link) return;
    event.preventDefault();
    if (link.hasAttribute('data-step')) {
      stepTo(Number(link.getAttribute('data-step')));
    } else {
      const index = indexOfId.get(link.getAttribute('data-target-id'));
      select(index);
      bringIntoView(index);
    }
  });

  // ---- Timeline: virtualized, so that only the visible rows are in the document.
  const rowHeight = 24;
  let current = -1;
  const writtenMarks = [];
  document.getElementById('timeline-count').textContent =
    `${timeline.length} action${timeline.length === 1 ? '' : 's'}` +
    (data.dropped && data.dropped.actions ? ` (${data.dropped.actions} older dropped)` : '');
  const spacer = make('div', 'timeline-spacer');
  spacer.style.height = `${timeline.length * rowHeight}px`;
  timelineView.append(spacer);
  if (!timeline.length) timelineView.replaceChildren(make('div', 'empty', 'No actions were recorded.'));
  let renderQueued = false;
  function renderRows() {
    renderQueued = false;
    const [first, last] = ReportCore.visibleRows(
      timelineView.scrollTop, timelineView.clientHeight, rowHeight, timeline.length);
    const fragment = document.createDocumentFragment();
    for (let entryIndex = first; entryIndex < last; entryIndex++) {
      const entry = timeline[entryIndex];
      const row = make('div', entryIndex === current ? 'entry current' : 'entry');
      row.setAttribute('data-seq', String(entry.seq));
      row.setAttribute('data-index', String(entryIndex));
      row.style.top = `${entryIndex * rowHeight}px`;
      row.append(
        make('span', 'seq', String(entry.seq)), make('span', 'store', `${entry.store} #${entry.storeSeq}`),
        make('span', 'name', entry.name),
        make('span', 'payload', entry.payload ?? ''), make('span', 'duration', entry.duration ?? ''));
      fragment.append(row);
    }
    spacer.replaceChildren(fragment);
  }
  timelineView.addEventListener('scroll', () => {
    if (!renderQueued) {
      renderQueued = true;
      requestAnimationFrame(renderRows);
    }
  });
  timelineView.addEventListener('click', (event) => {
    const row = event.target.closest('.entry');
    if (row) stepTo(Number(row.getAttribute('data-index')));
  });
  const writtenBy = ReportCore.writtenBy;
  function stepTo(entryIndex) {
    if (!(entryIndex >= 0 && entryIndex < timeline.length)) return;
    current = entryIndex;
    const top = entryIndex * rowHeight;
    if (top < timelineView.scrollTop) {
      timelineView.scrollTop = top;
    } else if (top + rowHeight > timelineView.scrollTop + timelineView.clientHeight) {
      timelineView.scrollTop = top + rowHeight - timelineView.clientHeight;
    }
    renderRows();
    for (const element of writtenMarks) element.classList.remove('written');
    writtenMarks.length = 0;
    for (const index of writtenBy(timeline[entryIndex])) {
      const element = nodeElements[index];
      if (element) {
        element.classList.add('written');
        writtenMarks.push(element);
      }
    }
    applyValues();
    showEntry(entryIndex);
    rememberView();
  }
  // The value line of each node's label in the graph (`= …`), found by the text the renderer
  // wrote for the latest value, to show the value as of the chosen entry.
  const valueLabels = nodes.map((node, index) => {
    if (node.value === undefined || !node.history || !nodeElements[index]) return null;
    const written = '= ' + ReportCore.labelPreview(node.value);
    return [...nodeElements[index].querySelectorAll('text')].find((text) => text.textContent === written) ?? null;
  });
  // Every node's value on its element as `data-value`, and in its label: as of the chosen
  // entry where its history says, else (and with no entry chosen) the latest.
  function applyValues() {
    const bound = current >= 0 ? ReportCore.boundOf(timeline, current) : undefined;
    nodes.forEach((node, index) => {
      const element = nodeElements[index];
      if (!element) return;
      const value = bound !== undefined && node.history ? ReportCore.valueAsOf(node.history, bound) : node.value;
      if (value === undefined || value === null) element.removeAttribute('data-value');
      else element.setAttribute('data-value', value);
      if (valueLabels[index]) valueLabels[index].textContent = '= ' + ReportCore.labelPreview(value ?? '∅');
    });
  }
  function step(delta) {
    if (!timeline.length) return;
    if (current < 0) stepTo(delta > 0 ? 0 : timeline.length - 1);
    else stepTo(Math.min(timeline.length - 1, Math.max(0, current + delta)));
  }

  // ---- Heat and the kind filter.
  const heat = document.getElementById('heat');
  const originalFills = new Map();
  function applyHeat() {
    nodes.forEach((node, index) => {
      const element = nodeElements[index];
      if (!node.heat || !element) return;
      for (const part of element.querySelectorAll('ellipse, polygon, path, text')) {
        if (!originalFills.has(part)) originalFills.set(part, part.getAttribute('fill'));
        const original = originalFills.get(part);
        if (!heat.checked) {
          if (original === null) part.removeAttribute('fill'); else part.setAttribute('fill', original);
        } else if (part.tagName === 'text') {
          part.setAttribute('fill', node.heat.text);
        } else if (original !== 'none' && original !== 'transparent') {
          part.setAttribute('fill', node.heat.fill);
        }
      }
    });
  }
  heat.addEventListener('change', applyHeat);
  const kindBoxes = [...document.querySelectorAll('#kinds input[data-kind]')];
  function applyKindFilter() {
    const hidden = new Set(kindBoxes.filter((box) => !box.checked).map((box) => box.getAttribute('data-kind')));
    nodes.forEach((node, index) => nodeElements[index] && nodeElements[index].classList.toggle('filtered', hidden.has(node.kind)));
    data.edges.forEach(([from, to], edge) => {
      const element = edgeElements[edge];
      if (element && from >= 0 && to >= 0) {
        element.classList.toggle('filtered', hidden.has(nodes[from].kind) || hidden.has(nodes[to].kind));
      }
    });
  }
  for (const box of kindBoxes) box.addEventListener('change', applyKindFilter);

  // ---- Keyboard: + − 0 zoom, ← → step, / searches, Esc clears.
  document.addEventListener('keydown', (event) => {
    if (event.target === search || event.altKey || event.metaKey || event.ctrlKey) return;
    switch (event.key) {
      case '+': case '=': zoomCentered(1.25); break;
      case '-': case '_': zoomCentered(0.8); break;
      case '0': fit(); break;
      case 'ArrowRight': case 'ArrowDown': step(1); break;
      case 'ArrowLeft': case 'ArrowUp': step(-1); break;
      case '/': search.focus(); search.select(); break;
      case 'Home': stepTo(0); break;
      case 'End': stepTo(timeline.length - 1); break;
      case 'Escape': clearEverything(); break;
      default: return;
    }
    event.preventDefault();
  });

  // ---- Links: the address keeps the chosen entry and node (#seq=5&node=Cart.total), so a
  // view can be shared or reopened.
  // Each change of what is chosen is a step of the browser's history, so Back and Forward
  // walk through them; while the page follows the address, it writes none.
  let restoring = false;
  function rememberView() {
    if (restoring) return;
    const parts = [];
    if (current >= 0) parts.push('seq=' + timeline[current].seq);
    if (selected !== null) parts.push('node=' + encodeURIComponent(nodes[selected].id));
    const address = parts.length ? '#' + parts.join('&') : location.pathname + location.search;
    if (address === (location.hash || location.pathname + location.search)) return;
    try {
      history.pushState(null, '', address);
    } catch (error) {
      // Some browsers refuse history changes on file: pages; the view still works.
    }
  }
  function restoreView() {
    restoring = true;
    try {
      const parameters = new URLSearchParams(location.hash.slice(1));
      const seq = Number(parameters.get('seq'));
      const entryIndex = Number.isInteger(seq) && seq >= 1 ? timeline.findIndex((entry) => entry.seq === seq) : -1;
      const id = parameters.get('node');
      const nodeIndex = id !== null && indexOfId.has(id) ? indexOfId.get(id) : null;
      if (entryIndex < 0 && nodeIndex === null) {
        clearEverything();
        return;
      }
      if (entryIndex >= 0) stepTo(entryIndex); else clearEntry();
      if (nodeIndex !== null) {
        select(nodeIndex);
        bringIntoView(nodeIndex);
      } else {
        clearSelection();
      }
    } finally {
      restoring = false;
    }
  }
  // The chosen entry let go: no row is current, nothing is marked written, the values are the
  // latest.
  function clearEntry() {
    current = -1;
    for (const element of writtenMarks) element.classList.remove('written');
    writtenMarks.length = 0;
    renderRows();
    applyValues();
  }
  // Esc, or an address that names nothing: no selection, no chosen entry, no marks, the
  // details as the page opened, and an address without either.
  function clearEverything() {
    clearSelectionMarks();
    selected = null;
    clearEntry();
    details.replaceChildren(...detailsAtStart.map((child) => child.cloneNode(true)));
    rememberView();
  }
  window.addEventListener('popstate', restoreView);
  window.addEventListener('hashchange', restoreView);

  fit();
  if (heat.checked) applyHeat();
  renderRows();
  applyValues();
  restoreView();
  document.documentElement.setAttribute('data-ready', 'true');
})();
