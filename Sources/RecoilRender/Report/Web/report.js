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

  // Every text from the app goes through here (or `ReportCore.visible`): bidi controls and
  // control characters become visible markers; `keepLines` keeps a value's line breaks.
  function make(tag, className, text, keepLines = false) {
    const element = document.createElement(tag);
    if (className) element.className = className;
    if (text !== undefined && text !== null) element.textContent = ReportCore.visible(text, keepLines);
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
    updateViewOverlays();
  }

  // ---- Where the view is: a minimap of the whole graph with the part in view outlined (click
  // or drag in it to go there), and a ring that keeps the selected node findable when the
  // graph is zoomed out so far that the node itself is a speck (the ring does not scale).
  const minimap = document.createElement('canvas');
  minimap.id = 'minimap';
  minimap.setAttribute('role', 'img');
  minimap.setAttribute('aria-label', 'Minimap: the whole graph, with the part in view outlined');
  const marker = document.createElement('div');
  marker.id = 'selection-marker';
  marker.hidden = true;
  graph.append(minimap, marker);
  const minimapBase = document.createElement('canvas');
  let nodeBoxes = null; // each node's box in graph units, measured once the page is laid out
  let markedIndex = null;
  let minimapScale = 1;
  function measureNodes() {
    const origin = canvas.getBoundingClientRect();
    nodeBoxes = nodeElements.map((element) => {
      if (!element) return null;
      const box = element.getBoundingClientRect();
      return [(box.left - origin.left) / view.scale, (box.top - origin.top) / view.scale,
        box.width / view.scale, box.height / view.scale];
    });
    drawMinimapBase();
  }
  // The nodes, drawn once into a canvas of their own; each view change copies it and outlines
  // the view, so panning a 30,000-node graph does not redraw 30,000 boxes.
  function drawMinimapBase() {
    const longest = window.innerWidth <= 700 ? 72 : 160;
    minimapScale = longest / Math.max(size.width, size.height);
    const ratio = window.devicePixelRatio || 1;
    const width = Math.max(8, Math.round(size.width * minimapScale));
    const height = Math.max(8, Math.round(size.height * minimapScale));
    for (const target of [minimap, minimapBase]) {
      target.width = Math.round(width * ratio);
      target.height = Math.round(height * ratio);
    }
    minimap.style.width = `${width}px`;
    minimap.style.height = `${height}px`;
    const context = minimapBase.getContext('2d');
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.fillStyle = '#adb5bd';
    for (const box of nodeBoxes) {
      if (box) context.fillRect(box[0] * minimapScale, box[1] * minimapScale, Math.max(1, box[2] * minimapScale), Math.max(1, box[3] * minimapScale));
    }
  }
  function drawMinimap() {
    const ratio = window.devicePixelRatio || 1;
    const context = minimap.getContext('2d');
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, minimap.width, minimap.height);
    context.drawImage(minimapBase, 0, 0);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    const box = markedIndex !== null && nodeBoxes[markedIndex];
    if (box) {
      context.fillStyle = '#1864ab';
      context.fillRect(box[0] * minimapScale - 2, box[1] * minimapScale - 2, Math.max(1, box[2] * minimapScale) + 4, Math.max(1, box[3] * minimapScale) + 4);
    }
    const frame = graph.getBoundingClientRect();
    const shown = [-view.x / view.scale, -view.y / view.scale, frame.width / view.scale, frame.height / view.scale]
      .map((value) => value * minimapScale);
    context.strokeStyle = '#1864ab';
    context.lineWidth = 1.5;
    context.strokeRect(...shown);
    minimap.dataset.view = shown.map((value) => value.toFixed(1)).join(',');
    // Needed only where the view leaves something out, or draws the nodes too small to read:
    // over a small graph seen whole it would only cover the graph (and its legend).
    const [width, height] = [parseFloat(minimap.style.width), parseFloat(minimap.style.height)];
    const seesAll = shown[0] <= 1 && shown[1] <= 1 && shown[0] + shown[2] >= width - 1 && shown[1] + shown[3] >= height - 1;
    minimap.hidden = seesAll && view.scale >= 0.5;
  }
  function placeMarker() {
    const element = markedIndex !== null ? nodeElements[markedIndex] : null;
    const box = element && element.getBoundingClientRect();
    // Only while the node is too small to find by itself.
    if (!box || Math.max(box.width, box.height) >= 12) {
      marker.hidden = true;
      return;
    }
    const frame = graph.getBoundingClientRect();
    marker.hidden = false;
    marker.style.left = `${box.left - frame.left + box.width / 2}px`;
    marker.style.top = `${box.top - frame.top + box.height / 2}px`;
  }
  function updateViewOverlays() {
    if (nodeBoxes) drawMinimap();
    placeMarker();
  }
  function markOnMinimap(index) {
    markedIndex = index;
    updateViewOverlays();
  }
  // Moves the view so that the minimap's point under the pointer is in the middle.
  function goToMinimapPoint(event) {
    const bounds = minimap.getBoundingClientRect();
    const frame = graph.getBoundingClientRect();
    const x = (event.clientX - bounds.left) / minimapScale;
    const y = (event.clientY - bounds.top) / minimapScale;
    view.x = frame.width / 2 - x * view.scale;
    view.y = frame.height / 2 - y * view.scale;
    applyView();
  }
  let minimapDrag = false;
  minimap.addEventListener('pointerdown', (event) => {
    event.stopPropagation();
    minimapDrag = true;
    goToMinimapPoint(event);
    minimap.setPointerCapture(event.pointerId);
  });
  minimap.addEventListener('pointermove', (event) => {
    event.stopPropagation();
    if (minimapDrag) goToMinimapPoint(event);
  });
  for (const name of ['pointerup', 'pointercancel']) {
    minimap.addEventListener(name, (event) => {
      event.stopPropagation();
      minimapDrag = false;
    });
  }
  window.addEventListener('resize', () => {
    if (nodeBoxes) drawMinimapBase();
    updateViewOverlays();
  });
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
    // Focus laid out this node's neighbourhood and fitted it to the view: it is in view.
    if (neighbourhoodView && neighbourhoodView.index === index) return;
    const revealing = reveal(index);
    if (revealing) {
      revealing.then(() => nodeElements[index] && bringIntoView(index));
      return;
    }
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

  // ---- Focus: only the selected node and what the selection marks (to the chosen depth),
  // fitted to the view, until focus is turned off, which brings back the whole graph and the
  // view it had. The page has no layout engine: the neighbourhood is laid out by Graphviz
  // (below), or keeps the whole graph's places where there is no layout of it.
  const focusButton = document.getElementById('focus');
  let focusedFrom = null; // the view before focus, while focus is on
  // Fits the nodes' boxes in the view, below `above` pixels kept free at its top.
  function fitBoxes(indexes, above = 0) {
    // A loop, not Math.min(...boxes): a neighbourhood at depth "all" may be too many arguments.
    let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const index of indexes) {
      const box = nodeBoxes && nodeBoxes[index];
      if (!box) continue;
      left = Math.min(left, box[0]);
      top = Math.min(top, box[1]);
      right = Math.max(right, box[0] + box[2]);
      bottom = Math.max(bottom, box[1] + box[3]);
    }
    if (left === Infinity) return;
    const frame = graph.getBoundingClientRect();
    const margin = 24;
    view.scale = Math.max(0.01, Math.min(2, (frame.width - 2 * margin) / Math.max(right - left, 1),
      (frame.height - above - 2 * margin) / Math.max(bottom - top, 1)));
    view.x = frame.width / 2 - (left + right) / 2 * view.scale;
    view.y = above + (frame.height - above) / 2 - (top + bottom) / 2 * view.scale;
    applyView();
  }
  function focusedIndexes() {
    return [...graph.querySelectorAll('g.node.selected[data-node-id], g.node.upstream[data-node-id], g.node.downstream[data-node-id]')]
      .map((element) => indexOfId.get(element.getAttribute('data-node-id')));
  }
  function setFocus(on) {
    if (on && selected === null) return;
    if (on && focusedFrom === null) focusedFrom = { ...view };
    graph.classList.toggle('focused', on);
    focusButton.setAttribute('aria-pressed', String(on));
    focusButton.textContent = on ? 'whole' : 'focus';
    focusButton.title = on ? 'Show the whole graph again (f)' : 'Show only the selected node and what it marks (f)';
    if (on) {
      showFocus();
    } else if (focusedFrom !== null) {
      hideNeighbourhood();
      showGraphNote(null);
      Object.assign(view, focusedFrom);
      focusedFrom = null;
      applyView();
    }
  }
  // Shows the selection's neighbourhood: laid out on its own where the report (or the live
  // page's server) has its layout, else in the whole graph's places.
  function showFocus() {
    const index = selected;
    const shown = showNeighbourhood(index);
    if (shown && shown.then) {
      shown.then((laidOut) => {
        if (isFocused() && selected === index && !laidOut) focusInPlace();
      });
    } else if (!shown) {
      focusInPlace();
    }
  }
  function focusInPlace() {
    hideNeighbourhood();
    const index = selected;
    const finish = () => {
      if (!isFocused() || selected !== index || neighbourhoodView) return;
      const neighbourhood = focusedIndexes();
      const note = `${neighbourhood.length.toLocaleString('en-US')} nodes in the whole graph's places: ${whyInPlace(index)}`;
      showGraphNote(note);
      fitBoxes(neighbourhood, graphNote.offsetHeight + 8);
      announce(`Focused on ${nodes[index].id}: ${note}`);
    };
    const revealing = revealMarked(index);
    if (revealing) revealing.then(finish); else finish();
  }
  // Opens the groups that hold what the selection marks, when that is few enough nodes to
  // show in place (a promise when an inside must first be asked for).
  function revealMarked(index) {
    if (!overview) return undefined;
    const depth = ReportCore.selectionDepth(depthChoice.value);
    const marked = [index, ...reach(index, dependencies, depth), ...reach(index, dependents, depth)];
    if (marked.length > 200) return undefined;
    let pending;
    for (const node of marked) {
      if (nodeElements[node]) continue;
      pending = pending ? pending.then(() => reveal(node)) : reveal(node);
    }
    return pending;
  }
  // A line over the graph saying why focus looks as it does; null hides it.
  const graphNote = document.createElement('p');
  graphNote.id = 'graph-note';
  graphNote.hidden = true;
  graph.append(graphNote);
  function showGraphNote(text) {
    graphNote.hidden = text === null;
    graphNote.textContent = text === null ? '' : ReportCore.visible(text);
  }

  // ---- A neighbourhood laid out on its own: while focus shows it, it stands in for the whole
  // graph, and its nodes are the ones the page marks, selects and writes values into. A static
  // report holds a plan of it (`#report-neighbourhoods`: where each node goes and each edge's
  // curve, laid out by Graphviz when the report was made), drawn here from copies of the
  // nodes' own drawings; the live page asks its server, which sends the drawing whole. One of
  // more than a thousand nodes is laid out as an overview of itself, its own groups
  // (`focus_g<i>`) each standing for many of its nodes: in a static report a plan too, its
  // groups and merged edges drawn here from their sizes, labels and curves.
  const depthNames = ['1', '2', '3', 'all'];
  let plans = null; // the parsed plans, or false for a page without; read when focus first asks
  const insideDrawings = new Map(); // group key -> its inside's parsed <svg>, for copies of its nodes
  const askedNeighbourhoods = new Map(); // `${node}/${depth}` -> SVG text or a pending promise
  let neighbourhoodView = null; // { svg, index, depth, replaced: Map(index -> the whole's element) }
  function planData() {
    if (plans === null) {
      const element = document.getElementById('report-neighbourhoods');
      plans = element ? JSON.parse(element.textContent) : false;
    }
    return plans;
  }
  // Node `index`'s neighbourhood at `depth`: a plan's number, a hub's overview plan (an
  // object), the server's drawing (SVG text) or a promise of it, or undefined when there is
  // no layout of it.
  function neighbourhoodSource(index, depth) {
    const planned = planData() ? plans.depths[depthNames.indexOf(depth)]?.[index] : undefined;
    if (planned !== undefined && planned >= 0) return planned;
    if (planned !== undefined && planned <= -2) return plans.overviews[-2 - planned]; // a hub's overview
    const key = `${index}/${depth}`;
    if (askedNeighbourhoods.has(key)) return askedNeighbourhoods.get(key);
    if (!layoutProvider) return undefined;
    const asked = Promise.resolve(layoutProvider({ node: index, depth }))
      .catch(() => null)
      .then((text) => {
        askedNeighbourhoods.set(key, typeof text === 'string' ? text : undefined);
        return typeof text === 'string' ? text : undefined;
      });
    askedNeighbourhoods.set(key, asked);
    return asked;
  }
  // Why focus shows node `index`'s neighbourhood in the whole graph's places.
  function whyInPlace(index) {
    const depth = depthChoice.value;
    if (layoutProvider) return 'the server has no layout of it';
    if (!planData()) return 'this page holds no layouts of neighbourhoods';
    if (!plans.depths[depthNames.indexOf(depth)]) {
      return `this report has no layouts at depth ${depth} (\`recoil-inspect report --focus-layouts ${depth}\` ` +
        'makes them; \`recoil-inspect report --serve\` lays out any when focus asks)';
    }
    return 'it holds more than a thousand nodes, too many to lay out whole, and no collapse rule groups them into ' +
      'an overview of itself (\`recoil-inspect report --collapse\` chooses the rules)';
  }
  // A copy of node `index`'s drawing as Graphviz drew it: from the inside of the group it is in
  // (parsed once), or from the page's own drawing with what the page changed on it undone.
  function drawingCopy(index) {
    const key = overview ? overview.nodeIn[index] : -1;
    if (key >= 0) {
      if (!insideDrawings.has(key)) {
        const source = insideSource(key);
        insideDrawings.set(key, source === undefined ? null : parseDrawing(source));
      }
      const element = insideDrawings.get(key)?.querySelector(`g.node[id="n${index}"]`);
      return element ? document.importNode(element, true) : null;
    }
    const element = svg.querySelector(`g.node[id="n${index}"]`);
    if (!element) return null;
    const copy = element.cloneNode(true);
    copy.setAttribute('class', element.dataset.drawnClass ?? element.getAttribute('class'));
    for (const name of ['tabindex', 'role', 'aria-label', 'data-value', 'data-drawn-class']) copy.removeAttribute(name);
    const parts = element.querySelectorAll('ellipse, polygon, path, text');
    copy.querySelectorAll('ellipse, polygon, path, text').forEach((part, at) => {
      if (!originalFills.has(parts[at])) return;
      const fill = originalFills.get(parts[at]);
      if (fill === null) part.removeAttribute('fill'); else part.setAttribute('fill', fill);
    });
    return copy;
  }
  // Plan `number` drawn: its edges from their curves, its nodes as copies of their drawings
  // moved to their places; null when a node's drawing cannot be found.
  function drawPlan(number) {
    return drawPicture(ReportCore.planPicture(plans.plans[number], plans.homes, plans.looks));
  }
  // A hub's neighbourhood laid out as an overview of itself (`plans.overviews[i]`) drawn: its
  // nodes and their edges as a plan's, its groups and merged edges from their outlines and
  // curves, as Graphviz draws an overview's; null when a node's drawing cannot be found.
  function drawOverviewPlan(entry) {
    return drawPicture(ReportCore.overviewPicture(entry, plans.homes, plans.looks, plans.labels ?? [],
      (node) => nodes[node]?.id ?? ''));
  }
  function drawPicture(picture) {
    if (!picture) return null;
    const pad = 4; // Graphviz's margin around a drawing
    const drawn = document.createElementNS(svgNamespace, 'svg');
    drawn.setAttribute('viewBox', `0 0 ${picture.width + 2 * pad} ${picture.height + 2 * pad}`);
    const layer = document.createElementNS(svgNamespace, 'g');
    layer.setAttribute('class', 'graph');
    layer.setAttribute('transform', `translate(${pad} ${pad})`);
    const element = (tag, attributes, text) => {
      const made = document.createElementNS(svgNamespace, tag);
      for (const [name, value] of Object.entries(attributes)) if (value !== null) made.setAttribute(name, value);
      if (text !== undefined) made.textContent = text;
      return made;
    };
    for (const edge of picture.edges) {
      const group = element('g', { id: `e${edge.edge}`, class: edge.dash ? 'edge drives' : 'edge' });
      const [from, to] = data.edges[edge.edge];
      group.append(element('title', {}, ReportCore.visible(`${nodes[from].id} → ${nodes[to].id}`)));
      group.append(element('path', { fill: 'none', stroke: edge.stroke, 'stroke-dasharray': edge.dash, d: edge.d }));
      if (edge.arrow) group.append(element('polygon', { fill: edge.stroke, stroke: edge.stroke, points: edge.arrow }));
      layer.append(group);
    }
    for (const edge of picture.merged ?? []) {
      const group = element('g', { id: edge.id, class: edge.className });
      group.append(element('title', {}, edge.title));
      group.append(element('path', { fill: 'none', stroke: edge.stroke, 'stroke-width': edge.strokeWidth, d: edge.d }));
      if (edge.arrow) group.append(element('polygon', { fill: edge.stroke, stroke: edge.stroke, points: edge.arrow }));
      if (edge.count) {
        group.append(element('text', {
          x: edge.count.x, y: edge.count.y, 'font-family': 'Helvetica,sans-Serif', 'font-size': 9,
          fill: plans.looks.muted,
        }, edge.count.text));
      }
      layer.append(group);
    }
    for (const { node, dx, dy } of picture.nodes) {
      const copy = drawingCopy(node);
      if (!copy) return null;
      copy.setAttribute('transform', `translate(${dx} ${dy})`);
      layer.append(copy);
    }
    for (const group of picture.groups ?? []) {
      const drawnGroup = element('g', { id: group.id, class: group.className });
      drawnGroup.append(element('title', {}, group.title));
      for (const d of group.outline) {
        drawnGroup.append(element('path', {
          fill: group.fill, stroke: group.stroke, 'stroke-width': group.strokeWidth, 'stroke-dasharray': group.dash, d,
        }));
      }
      for (const text of group.texts) {
        drawnGroup.append(element('text', {
          'text-anchor': 'middle', x: text.x, y: text.y, 'font-family': 'Helvetica,sans-Serif',
          'font-weight': text.weight, 'font-size': text.size, fill: text.fill,
        }, text.text));
      }
      layer.append(drawnGroup);
    }
    drawn.append(layer);
    return drawn;
  }
  // Shows node `index`'s neighbourhood laid out on its own: true when shown, false when there
  // is no layout for it, or a promise of either.
  function showNeighbourhood(index) {
    const depth = depthChoice.value;
    if (neighbourhoodView && neighbourhoodView.index === index && neighbourhoodView.depth === depth) return true;
    const source = neighbourhoodSource(index, depth);
    if (source && source.then) {
      return source.then(() => isFocused() && selected === index && depthChoice.value === depth && showNeighbourhood(index) === true);
    }
    let drawn = null;
    if (typeof source === 'number') {
      drawn = drawPlan(source);
    } else if (source && typeof source === 'object') {
      drawn = drawOverviewPlan(source);
    } else if (typeof source === 'string') {
      const parsed = parseDrawing(source);
      drawn = parsed && document.importNode(parsed, true);
    }
    if (!drawn) return false;
    hideNeighbourhood();
    drawn.classList.add('neighbourhood');
    drawn.setAttribute('data-node', nodes[index].id);
    const box = drawn.viewBox.baseVal;
    drawn.setAttribute('width', String(box && box.width ? box.width : 100));
    drawn.setAttribute('height', String(box && box.height ? box.height : 100));
    const replaced = new Map();
    for (const element of drawn.querySelectorAll('g.node[data-node-id]')) {
      const node = indexOfId.get(element.getAttribute('data-node-id'));
      if (node !== undefined) replaced.set(node, nodeElements[node]);
    }
    const replacedEdges = new Map();
    for (const element of drawn.querySelectorAll('g.edge[id^="e"]')) {
      const edge = Number(element.id.slice(1));
      if (Number.isInteger(edge) && edge >= 0 && edge < edgeElements.length) replacedEdges.set(edge, edgeElements[edge]);
    }
    svg.style.display = 'none';
    canvas.append(drawn);
    neighbourhoodView = { svg: drawn, index, depth, replaced, replacedEdges };
    // Past a thousand nodes the server draws the neighbourhood as an overview of itself.
    const groups = drawn.querySelectorAll('g.node.group[id^="focus_g"]').length;
    let note = null;
    if (groups > 0) {
      const depthValue = ReportCore.selectionDepth(depth);
      const total = new Set([index, ...reach(index, dependencies, depthValue), ...reach(index, dependents, depthValue)]).size;
      const count = (number) => number.toLocaleString('en-US');
      note = `${count(total)} nodes, too many to draw each: laid out on their own as an overview, ` +
        `${groups} group${groups === 1 ? '' : 's'} standing for ${count(total - replaced.size)} of them`;
    }
    showGraphNote(note);
    adopt(drawn);
    const frame = graph.getBoundingClientRect();
    const width = Number(drawn.getAttribute('width'));
    const height = Number(drawn.getAttribute('height'));
    const above = note === null ? 0 : graphNote.offsetHeight + 8;
    view.scale = Math.max(0.01, Math.min(2, (frame.width - 48) / Math.max(width, 1),
      (frame.height - above - 48) / Math.max(height, 1)));
    view.x = (frame.width - width * view.scale) / 2;
    view.y = above + (frame.height - above - height * view.scale) / 2;
    applyView();
    announce(`Focused on ${nodes[index].id}: ${note ?? `${replaced.size} nodes, laid out on their own`}`);
    return true;
  }
  function hideNeighbourhood() {
    if (!neighbourhoodView) return;
    const { svg: drawn, replaced, replacedEdges } = neighbourhoodView;
    neighbourhoodView = null;
    drawn.remove();
    for (const [node, element] of replaced) {
      nodeElements[node] = element;
      valueLabels[node] = valueLabelOf(node);
      shownValues[node] = undefined;
    }
    for (const [edge, element] of replacedEdges) edgeElements[edge] = element;
    svg.style.display = '';
    applyValues(true);
    refreshGroupState();
  }
  const isFocused = () => focusedFrom !== null;
  focusButton.addEventListener('click', () => setFocus(!isFocused()));

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
    const bar = target && target.closest('g.inside-title');
    if (bar) {
      closeGroup(Number(bar.getAttribute('data-group')));
      return;
    }
    const closed = target && target.closest('g.node.group');
    if (closed && closed.id.startsWith('focus_g')) return; // a focused neighbourhood's own group
    if (closed && groupKey(closed) !== null) {
      openGroup(groupKey(closed));
      return;
    }
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
    for (const element of heldMatches) element.classList.remove('match');
    heldMatches.length = 0;
    matches = ReportCore.searchMatches(haystacks, query);
    let inClosed = 0;
    for (const index of matches) {
      if (nodeElements[index]) {
        nodeElements[index].classList.add('match');
        continue;
      }
      // Inside a closed group: the group shown for it is marked, and Enter opens it.
      inClosed += 1;
      const holder = shownHolder(index);
      if (holder) {
        holder.classList.add('match');
        heldMatches.push(holder);
      }
    }
    searchCount.textContent = query
      ? `${matches.length} match${matches.length === 1 ? '' : 'es'}` + (inClosed ? ` (${inClosed} in closed groups)` : '')
      : '';
  }
  const heldMatches = [];
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
  // How far the selection marks up- and downstream: 1, 2, 3 or all (1 by default on a large
  // graph, where everything is somewhere upstream and the marks would say nothing).
  const depthChoice = document.getElementById('depth');
  depthChoice.addEventListener('change', () => {
    if (selected !== null) select(selected);
  });
  const reach = ReportCore.reach;
  function markSelection(element, name) {
    if (!element || element.classList.contains(name)) return;
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
    markOnMinimap(null);
    setFocus(false);
    focusButton.disabled = true;
    if (filterFields.touching.checked) applyFilter();
    rememberView();
  }
  function select(index) {
    if (index === undefined || index === null || !nodes[index]) return;
    clearSelectionMarks();
    selected = index;
    markSelected(index);
    focusButton.disabled = false;
    if (isFocused()) showFocus();
    if (filterFields.touching.checked) applyFilter();
    showNode(index);
    announce(`Selected ${nodes[index].id}` + (nodeValue(index) !== undefined ? `, value ${nodeValue(index)}` : ''));
    rememberView();
  }
  // Marks the node, what it reaches up- and downstream to the chosen depth, and the edges
  // between; a node inside a closed group marks the group.
  function markSelected(index) {
    const depth = ReportCore.selectionDepth(depthChoice.value);
    const upstream = reach(index, dependencies, depth);
    const downstream = reach(index, dependents, depth);
    markSelection(nodeElements[index] ?? shownHolder(index), 'selected');
    for (const other of upstream) markSelection(nodeElements[other] ?? shownHolder(other), 'upstream');
    for (const other of downstream) markSelection(nodeElements[other] ?? shownHolder(other), 'downstream');
    data.edges.forEach(([from, to], edge) => {
      if (upstream.has(from) && (to === index || upstream.has(to))) markSelection(edgeElements[edge], 'upstream');
      if (downstream.has(to) && (from === index || downstream.has(from))) markSelection(edgeElements[edge], 'downstream');
    });
    graph.classList.add('has-selection');
    markOnMinimap(index);
  }

  // ---- Announcements: only what changed is read out (the details panel itself is not live).
  const announcer = document.getElementById('announce');
  function announce(text) {
    announcer.textContent = ReportCore.visible(text);
  }

  // ---- Details.
  function nodeLink(index) {
    const link = make('a', 'node-link', nodes[index].id);
    link.href = '#';
    link.setAttribute('data-target-id', nodes[index].id);
    return link;
  }
  // A heading of the details, at most three lines (CSS): an entry's title holds its values,
  // which may be long; the whole of it is its tooltip, and the values are shown below it.
  function heading(text) {
    const element = make('h2', null, text);
    element.title = element.textContent;
    return element;
  }
  // A link to an entry, its text cut at 240 characters (an entry's title holds its values),
  // the whole of it its tooltip.
  function entryLink(entryIndex, text) {
    const link = make('a', 'entry-link', text);
    if (link.textContent.length > 240) {
      link.title = link.textContent;
      link.textContent = `${Array.from(link.textContent).slice(0, 239).join('')}…`;
    }
    link.href = '#';
    link.setAttribute('data-step', String(entryIndex));
    return link;
  }
  const entryTitle = (entry) => ReportCore.entryTitle(entry, nodes);
  function definitionList(rows) {
    const list = make('dl');
    for (const [name, value] of rows) {
      if (value === undefined || value === null || value === '') continue;
      list.append(make('dt', null, name));
      const cell = make('dd');
      if (value instanceof Node) cell.append(value); else cell.textContent = ReportCore.visible(value);
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
  function entryList(indexes, className) {
    const list = make('ul', className);
    for (const entryIndex of indexes) {
      const item = make('li', timeline[entryIndex].kind);
      item.append(entryLink(entryIndex, entryTitle(timeline[entryIndex])));
      list.append(item);
    }
    return list;
  }
  function changeLine(change) {
    const line = make('div', 'change');
    line.setAttribute('data-path', change.path);
    line.append(make('span', 'path', change.path || '(whole state)'), ': ');
    line.append(make('span', 'before', change.before ?? '∅'), ' → ', make('span', 'after', change.after ?? '∅'));
    return line;
  }
  // A node's value as of the chosen entry where its history says, else its latest; undefined
  // where not known.
  function nodeValue(index) {
    const node = nodes[index];
    if (current >= 0 && node.history) return ReportCore.valueAsOf(node.history, ReportCore.boundOf(timeline, current));
    return node.value;
  }
  // The details change in place: focus stays on the link (or the panel) it was on.
  function replaceDetails(build) {
    const focused = details.contains(document.activeElement) ? document.activeElement : null;
    const key = focused && (focused.getAttribute('data-step') !== null
      ? `[data-step="${focused.getAttribute('data-step')}"]`
      : focused.getAttribute('data-target-id') !== null
        ? `[data-target-id="${CSS.escape(focused.getAttribute('data-target-id'))}"]` : null);
    details.replaceChildren();
    build();
    if (focused) {
      const again = key ? details.querySelector(key) : null;
      (again ?? details).focus({ preventScroll: true });
    }
  }
  // A node's difference, old → new: its structure's changes, its value, its times.
  function differenceBody(changed) {
    const body = make('div', 'difference-detail');
    for (const sentence of changed.structure ?? []) body.append(make('p', null, sentence));
    if (changed.before !== undefined || changed.after !== undefined) {
      body.append(changeLine({ path: 'value', before: changed.before, after: changed.after }));
    }
    if (changed.time) {
      const line = make('div', 'change');
      line.append(make('span', 'path', 'time'), ': ', make('span', 'before', changed.time.before), ' → ',
        make('span', 'after', changed.time.after), ` (${changed.time.ratio})`);
      body.append(line);
    }
    return body;
  }
  // The opening panel of a drawing of a difference: every difference, a row per node.
  const differing = nodes.map((_, index) => index).filter((index) => nodes[index].difference);
  function differencesSection() {
    const fragment = document.createDocumentFragment();
    if (!differing.length) return fragment;
    const list = make('div');
    list.id = 'changes';
    for (const index of differing) {
      const row = make('div', 'difference');
      row.setAttribute('data-node', nodes[index].id);
      row.append(make('span', 'mark', nodes[index].difference), nodeLink(index));
      const changed = nodes[index].changed;
      if (changed) row.append(differenceBody(changed));
      list.append(row);
    }
    fragment.append(section(`Differences (${differing.length})`, list));
    return fragment;
  }
  // The subscriptions to the atom graph's nodes, by id (a notification names the ones it reached).
  const subscriptions = data.subscriptions ?? [];
  const subscriptionOfId = new Map(subscriptions.map((subscription) => [subscription.id, subscription]));
  // What a scope's run read: links to the nodes the graph holds, ids for the others.
  function readsList(reads) {
    const list = document.createDocumentFragment();
    reads.forEach((id, position) => {
      if (position > 0) list.append(', ');
      list.append(indexOfId.has(id) ? nodeLink(indexOfId.get(id)) : id);
    });
    return list;
  }
  function subscriptionText(subscription) {
    const facts = [`${subscription.calls} call${Number(subscription.calls) === 1 ? '' : 's'}`];
    if (subscription.mean) facts.push(`mean ${subscription.mean}`);
    if (subscription.max) facts.push(`max ${subscription.max}`);
    if (subscription.ended) facts.push('ended');
    return `${subscription.name} (${facts.join(', ')})`;
  }
  function showNode(index) {
    replaceDetails(() => buildNodeDetails(index));
  }
  function buildNodeDetails(index) {
    const node = nodes[index];
    details.append(heading(node.label || node.id));
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
      ['evaluations', evaluations && `${evaluations.count}` + (ReportCore.wholeLess(evaluations.timed, evaluations.count) ? ` (${evaluations.timed} timed)` : '')],
      ['total', evaluations && evaluations.total],
      ['mean', evaluations && evaluations.mean],
      ['max', evaluations && evaluations.max],
      ['last', evaluations && evaluations.last],
      ['family', node.family],
      ['parameter', node.parameter],
      ['store', node.owner !== undefined && indexOfId.has(node.owner) ? nodeLink(indexOfId.get(node.owner)) : node.owner],
    ]));
    appendTools('node', { id: node.id, kind: node.kind, async: Boolean(node.async), value: node.value, owner: node.owner, status: node.status });
    // In a drawing of a difference: what changed, old → new.
    if (node.changed) details.append(section(`Difference: ${node.difference}`, differenceBody(node.changed)));
    // One value: as of the chosen entry where the node's history says, else the latest,
    // said so.
    if (current >= 0 && node.history) {
      const value = nodeValue(index);
      const shown = value === undefined ? `not known before #${node.history.changes[0][0]}` : value ?? '∅';
      const step = timeline[current].seq !== undefined ? `#${ReportCore.entryNumber(timeline[current])}` : 'an action older than the timeline';
      details.append(section(`Value as of ${step}`, make('pre', 'value', shown, true)));
    } else if (node.value !== undefined) {
      // A node without a history is the same at every step, except a store or slice changed
      // only below its own path, whose whole value the recording does not hold at each step.
      const partial = node.kind === 'store' || node.kind === 'slice';
      const title = current < 0 ? 'Value' : partial ? 'Latest value (changed only below its path; see History)' : 'Value (the same at every recorded step)';
      details.append(section(title, make('pre', 'value', node.value, true)));
    }
    if (node.history) {
      // Its previous and next change, from the chosen entry (or from the start).
      const changes = ReportCore.changeEntries(positions, node.history);
      const { previous, next } = ReportCore.neighbours(changes, current);
      const steps = make('p', 'steps');
      steps.append(
        previous !== undefined ? entryLink(previous, '← previous change') : make('span', 'hint', 'no earlier change'),
        ' · ',
        next !== undefined ? entryLink(next, 'next change →') : make('span', 'hint', 'no later change'));
      details.append(section(`Changes (${changes.length})`, steps));
    }
    // Why it has the value it has (as of the chosen entry): the chain `why --at` prints.
    const bound = current >= 0 ? ReportCore.boundOf(timeline, current) : Infinity;
    const about = ReportCore.whyEntry(timeline, nodes, index, bound);
    if (about !== undefined) {
      const chain = ReportCore.chainTo(timeline, positions, about);
      const list = make('ol', 'why');
      for (const hop of chain) {
        const item = make('li', timeline[hop].kind);
        item.append(entryLink(hop, entryTitle(timeline[hop])));
        list.append(item);
      }
      details.append(section(`Why (${current >= 0 ? `as of #${timeline[current].seq !== undefined ? ReportCore.entryNumber(timeline[current]) : '—'}` : 'latest'})`, list));
    }
    if (node.structure) details.append(stateSection(index));
    details.append(section(`Dependencies (${dependencies[index].length})`, linkList(dependencies[index], 'None.')));
    details.append(section(`Dependents (${dependents[index].length})`, linkList(dependents[index], 'None.')));
    // Which views and scopes it reaches: its subscriptions, with their calls and times.
    const own = subscriptions.filter((subscription) => subscription.node === index);
    if (own.length) {
      const list = make('ul', 'subscriptions');
      for (const subscription of own) list.append(make('li', null, subscriptionText(subscription)));
      details.append(section(`Subscriptions (${own.length})`, list));
    }

    // Its history, as `trace --node` prints it: each entry about it with its root cause.
    const history = ReportCore.historyOf(timeline, nodes, index);
    if (history.length) {
      const list = make('ul', 'history');
      for (const entryIndex of history.slice(-200)) {
        const item = make('li', timeline[entryIndex].kind);
        item.append(entryLink(entryIndex, entryTitle(timeline[entryIndex])));
        const root = ReportCore.chainTo(timeline, positions, entryIndex)[0];
        if (root !== entryIndex) item.append(make('span', 'hint', ' ← '), entryLink(root, entryTitle(timeline[root])));
        list.append(item);
      }
      const title = history.length > 200 ? `History (last 200 of ${history.length})` : `History (${history.length})`;
      details.append(section(title, list));
    } else {
      details.append(section('History', make('p', 'hint', 'Nothing in the recorded timeline changed or evaluated it.')));
    }
  }
  // ---- Tools a host page adds to the details (the live page's controls of a running app):
  // `tools.node(node, box)` and `tools.entry(entry, box)` fill a section, or leave it empty.
  let tools = null;
  function appendTools(kind, about) {
    if (!tools || typeof tools[kind] !== 'function') return;
    const box = make('section', 'tools');
    box.setAttribute('aria-label', kind === 'node' ? 'Change the running app' : 'Move the running app');
    try {
      tools[kind](about, box);
    } catch {
      return; // a host's tools never break the details
    }
    if (box.childNodes.length) details.append(box);
  }

  // ---- A store's or slice's state as a tree (#state), as of the chosen entry: its latest rows
  // with the changes after that entry undone. Parts stay folded or open as the user left them.
  const foldedPaths = new Set();
  let stateQuery = '';
  function stateRowsAsOf(index) {
    const node = nodes[index];
    const root = node.structure[0] ? node.structure[0].path : '';
    const store = node.kind === 'store' ? node.id : node.owner;
    const undo = [];
    const bound = current >= 0 ? ReportCore.boundOf(timeline, current) : Infinity;
    for (let entryIndex = timeline.length - 1; entryIndex >= 0; entryIndex--) {
      const entry = timeline[entryIndex];
      if (entry.seq === undefined || entry.seq <= bound) break;
      if (entry.kind !== 'action' || entry.store !== store) continue;
      for (let position = entry.changes.length - 1; position >= 0; position--) {
        const change = entry.changes[position];
        if (change.path === root || ReportCore.isInside(change.path, root)) undo.push(change);
      }
    }
    return ReportCore.treeRows(ReportCore.structureAsOf(node.structure, undo));
  }
  function drawState(container, rows) {
    const kept = new Set(ReportCore.treeMatches(rows, stateQuery));
    const fragment = document.createDocumentFragment();
    const hiddenUnder = [];
    rows.forEach((row, position) => {
      while (hiddenUnder.length && !ReportCore.isInside(row.path, hiddenUnder[hiddenUnder.length - 1])) hiddenUnder.pop();
      if (!kept.has(position) || hiddenUnder.length) return;
      const line = make('div', 'state-row');
      line.setAttribute('data-path', row.path);
      line.setAttribute('role', 'treeitem');
      line.setAttribute('aria-level', String(row.depth + 1));
      line.style.paddingLeft = `${row.depth * 14}px`;
      const folded = !stateQuery && foldedPaths.has(row.path);
      if (row.hasChildren) {
        const toggle = make('button', 'fold', folded ? '▸' : '▾');
        toggle.type = 'button';
        toggle.setAttribute('aria-label', `${folded ? 'Open' : 'Fold'} ${row.label}`);
        toggle.setAttribute('data-fold', row.path);
        line.setAttribute('aria-expanded', String(!folded));
        line.append(toggle);
        if (folded) hiddenUnder.push(row.path);
      } else {
        line.append(make('span', 'fold-space'));
      }
      line.append(make('span', 'name', row.label));
      if (row.value !== undefined) line.append(': ', make('span', 'value', row.value));
      else if (row.type) line.append(' ', make('span', 'hint', row.type));
      if (row.value === undefined && !row.hasChildren) line.append(' ', make('span', 'hint', 'empty'));
      if (row.more) line.append(' ', make('span', 'hint', `… ${row.more} more`));
      fragment.append(line);
    });
    container.replaceChildren(fragment);
  }
  function stateSection(index) {
    const rows = stateRowsAsOf(index);
    const body = make('div');
    const find = make('input');
    find.id = 'state-search';
    find.type = 'search';
    find.placeholder = 'Search the state';
    find.setAttribute('aria-label', 'Search the state by path or value');
    find.value = stateQuery;
    const tree = make('div');
    tree.id = 'state';
    tree.setAttribute('role', 'tree');
    drawState(tree, rows);
    find.addEventListener('input', () => {
      stateQuery = find.value;
      drawState(tree, rows);
    });
    tree.addEventListener('click', (event) => {
      const toggle = event.target.closest('[data-fold]');
      if (!toggle) return;
      const path = toggle.getAttribute('data-fold');
      if (foldedPaths.has(path)) foldedPaths.delete(path); else foldedPaths.add(path);
      drawState(tree, rows);
      const again = tree.querySelector(`[data-fold="${CSS.escape(path)}"]`);
      if (again) again.focus();
    });
    body.append(find, tree);
    return section(current >= 0 && timeline[current].seq !== undefined ? `State as of #${ReportCore.entryNumber(timeline[current])}` : 'State', body);
  }

  function showEntry(entryIndex) {
    replaceDetails(() => buildEntryDetails(entryIndex));
  }
  function buildEntryDetails(entryIndex) {
    const entry = timeline[entryIndex];
    details.append(heading(entryTitle(entry)));
    const storeIndex = entry.store !== undefined ? indexOfId.get(entry.store) : undefined;
    const cause = entry.cause !== undefined ? positions.get(entry.cause) : undefined;
    details.append(definitionList([
      ['kind', entry.kind],
      ['node', entry.node !== undefined ? nodeLink(entry.node) : entry.id],
      ['store', storeIndex !== undefined ? nodeLink(storeIndex) : entry.store],
      ['action', entry.kind === 'action' ? entry.name : undefined],
      ['payload', entry.payload],
      ['name', entry.kind !== 'action' ? entry.name : undefined],
      ['before', entry.before],
      ['after', entry.after],
      ['value', entry.value],
      ['changed', entry.changed === undefined ? undefined : entry.changed ? 'yes' : 'no (wasted work)'],
      ['trigger', entry.trigger],
      ['subscribers', entry.subscribers],
      ['phase', entry.phase],
      ['error', entry.error],
      ['at', entry.at],
      ['took', entry.duration],
      ['site', entry.site],
      ['reads', entry.reads && entry.reads.length ? readsList(entry.reads) : undefined],
      ['cause', cause !== undefined ? entryLink(cause, entryTitle(timeline[cause])) : entry.cause !== undefined || entry.causeText !== undefined ? `#${ReportCore.causeNumber(entry)} (not recorded)` : undefined],
    ]));
    appendTools('entry', { seq: entry.seq, seqText: entry.seqText, kind: entry.kind, store: entry.store, name: entry.name });
    // A notification: the subscriptions it reached, each with its callback's time when timed.
    if (entry.reached && entry.reached.length) {
      const list = make('ul', 'reached');
      for (const reach of entry.reached) {
        const subscription = subscriptionOfId.get(reach.id);
        const name = subscription ? subscription.name : `subscription ${reach.id}`;
        list.append(make('li', null, reach.duration ? `${name} · ${reach.duration}` : name));
      }
      details.append(section(`Reached (${entry.reached.length})`, list));
    }
    if (entry.kind === 'action') {
      const changes = make('div', 'changes');
      changes.id = 'changes';
      for (const change of entry.changes) changes.append(changeLine(change));
      if (!entry.changes.length) changes.append(make('p', 'hint', 'No state changed.'));
      details.append(section(`Changes (${entry.changes.length})`, changes));
      if (entry.changes.length) {
        // The same changes as a tree: each under the parts of the state that hold it.
        const tree = make('details', 'change-tree');
        tree.append(make('summary', null, 'As a tree'));
        for (const row of ReportCore.changeTree(entry.changes)) {
          const line = make('div', 'state-row');
          line.setAttribute('data-path', row.path);
          line.style.paddingLeft = `${row.depth * 14}px`;
          line.append(make('span', 'name', row.label));
          if (row.type === undefined) {
            line.append(': ', make('span', 'before', row.before ?? '∅'), ' → ', make('span', 'after', row.after ?? '∅'));
          }
          tree.append(line);
        }
        details.append(tree);
      }
    }
    const written = writtenBy(entry);
    if (written.length) details.append(section(entry.kind === 'evaluation' ? 'Evaluated' : 'Wrote', linkList(written, '')));
    if (cause !== undefined) {
      const chain = ReportCore.chainTo(timeline, positions, entryIndex);
      details.append(section(`Why (${chain.length} step${chain.length === 1 ? '' : 's'} from its root)`, entryList(chain, 'why')));
    }
    // What it caused, directly or not: notifications, the atoms subscribers wrote, the
    // evaluations and effects that followed.
    const caused = ReportCore.causedBy(consequences, entryIndex);
    if (caused.length) details.append(section(`Caused (${caused.length}${caused.length >= 100 ? '+' : ''})`, entryList(caused, 'caused')));
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

  // ---- Timeline: every entry of the causal timeline, filtered, virtualized, so that only
  // the visible rows are in the document. `shown` holds the indexes the filter keeps.
  const rowHeight = 24;
  let current = -1;
  let shown = timeline.map((_, index) => index);
  const positions = ReportCore.indexBySeq(timeline);
  const consequences = ReportCore.consequences(timeline, positions);
  const writtenMarks = [];
  const timelineCount = document.getElementById('timeline-count');
  const firstNumbered = timeline.find((entry) => entry.seq !== undefined);
  const dropped = data.dropped ?? {};
  // Left out by the app's inspector on purpose (actionsNeverRecorded), by name.
  const notRecorded = Object.entries(dropped.notRecorded ?? {}).map(([name, count]) => `${count} × ${name}`).join(', ');
  const droppedNote = [
    dropped.timeline ? `${dropped.timeline} older entries dropped; values known from #${firstNumbered ? ReportCore.entryNumber(firstNumbered) : '?'}` : '',
    dropped.actions ? `${dropped.actions} older actions dropped` : '',
    notRecorded ? `not recorded: ${notRecorded}` : '',
  ].filter(Boolean).join('; ');
  function updateCount() {
    const total = timeline.length;
    const counted = shown.length === total
      ? `${total} entr${total === 1 ? 'y' : 'ies'}`
      : `${shown.length} of ${total} entries`;
    timelineCount.textContent = counted + (droppedNote ? ` (${droppedNote})` : '');
  }
  const spacer = make('div', 'timeline-spacer');
  timelineView.append(spacer);
  const emptyNote = make('div', 'empty', 'No actions were recorded.');
  let renderQueued = false;
  function renderRows() {
    renderQueued = false;
    spacer.style.height = `${shown.length * rowHeight}px`;
    if (!timeline.length) {
      timelineView.replaceChildren(emptyNote);
      return;
    }
    // A live report's first entries replace the note.
    if (spacer.parentNode !== timelineView) timelineView.replaceChildren(spacer);
    // The number column as wide as the latest (the largest) entry's number.
    const latest = timeline[timeline.length - 1];
    const digits = latest.seq !== undefined ? ReportCore.entryNumber(latest).length : 1;
    timelineView.style.setProperty('--seq-digits', String(digits));
    const [first, last] = ReportCore.visibleRows(
      timelineView.scrollTop, timelineView.clientHeight, rowHeight, shown.length);
    const fragment = document.createDocumentFragment();
    for (let row = first; row < last; row++) {
      const entryIndex = shown[row];
      const entry = timeline[entryIndex];
      const isCurrent = entryIndex === current;
      const element = make('div', `entry ${entry.kind}${isCurrent ? ' current' : ''}`);
      element.id = `entry-${entryIndex}`;
      element.setAttribute('role', 'option');
      element.setAttribute('aria-selected', String(isCurrent));
      if (entry.seq !== undefined) element.setAttribute('data-seq', String(entry.seq));
      element.setAttribute('data-kind', entry.kind);
      element.setAttribute('data-index', String(entryIndex));
      element.style.top = `${row * rowHeight}px`;
      element.append(
        make('span', 'seq', entry.seq !== undefined ? ReportCore.entryNumber(entry) : '—'), make('span', 'kind', entry.kind),
        make('span', 'subject', ReportCore.entrySubject(entry, nodes)),
        make('span', 'detail', ReportCore.entryDetail(entry)), make('span', 'duration', entry.duration ?? ''));
      fragment.append(element);
    }
    spacer.replaceChildren(fragment);
    if (current >= 0 && document.getElementById(`entry-${current}`)) {
      timelineView.setAttribute('aria-activedescendant', `entry-${current}`);
    } else {
      timelineView.removeAttribute('aria-activedescendant');
    }
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
  function scrollToEntry(entryIndex) {
    const row = ReportCore.positionIn(shown, entryIndex);
    if (shown[row] !== entryIndex) return;
    const top = row * rowHeight;
    if (top < timelineView.scrollTop) {
      timelineView.scrollTop = top;
    } else if (top + rowHeight > timelineView.scrollTop + timelineView.clientHeight) {
      timelineView.scrollTop = top + rowHeight - timelineView.clientHeight;
    }
  }
  function stepTo(entryIndex) {
    if (!(entryIndex >= 0 && entryIndex < timeline.length)) return;
    const previous = current;
    current = entryIndex;
    const scrolled = timelineView.scrollTop;
    scrollToEntry(entryIndex);
    // A step within the rows drawn moves the mark from one row to the other; anything else
    // draws the rows again.
    const from = document.getElementById(`entry-${previous}`);
    const to = document.getElementById(`entry-${entryIndex}`);
    if (timelineView.scrollTop === scrolled && to && (previous < 0 || from)) {
      for (const [row, isCurrent] of [[from, false], [to, true]]) {
        if (!row) continue;
        row.classList.toggle('current', isCurrent);
        row.setAttribute('aria-selected', String(isCurrent));
      }
      timelineView.setAttribute('aria-activedescendant', to.id);
    } else {
      renderRows();
    }
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
    scrubber.value = String(entryIndex);
    showEntry(entryIndex);
    announce(`Step ${entryTitle(timeline[entryIndex])}`);
    rememberView();
  }
  // The value line of each node's label in the graph (`= …`), to show the value as of the
  // chosen entry: the first line after the (bold) name that starts with "= ". A live report
  // can keep a layout drawn for older values (see LiveReport), so the line is found by its
  // place, not its text, and the first pass writes every one.
  const labelLines = (index) => [...nodeElements[index].querySelectorAll('text')].filter((text) => text.getAttribute('font-weight') !== 'bold');
  const valueLabelOf = (index) => {
    if (nodes[index].value === undefined || !nodeElements[index]) return null;
    return labelLines(index).find((text) => text.textContent.startsWith('= ')) ?? null;
  };
  const valueLabels = nodes.map((_, index) => valueLabelOf(index));
  // Each label's evaluation count and total, from the data, for the same reason (a sampled
  // total, which the label shows as an estimate, is left as drawn).
  function writeEvaluations(index) {
    const evaluations = nodes[index].evaluations;
    if (!evaluations || ReportCore.wholeLess(evaluations.timed, evaluations.count) || !nodeElements[index]) return;
    const line = labelLines(index).find((text) => /^\d+ evals? · /.test(text.textContent));
    if (line) line.textContent = `${evaluations.count} eval${Number(evaluations.count) === 1 ? '' : 's'} · ${evaluations.total}`;
  }
  nodes.forEach((_, index) => writeEvaluations(index));
  const withHistory = nodes.map((node, index) => index).filter((index) => nodes[index].history);
  // What each node shows now, so that a step touches only the nodes whose value it changed.
  const shownValues = nodes.map(() => null);
  // Every node's value on its element as `data-value`, and in its label: as of the chosen
  // entry where its history says, else (and with no entry chosen) the latest. Only nodes with
  // a history can differ from the latest, so only they are visited after the first time, and
  // only those whose value differs from what they show are written.
  function applyValues(all = false) {
    for (const index of all ? nodes.keys() : withHistory) {
      const element = nodeElements[index];
      if (!element) continue;
      const value = nodeValue(index);
      if (!all && shownValues[index] === value) continue;
      shownValues[index] = value;
      if (value === undefined || value === null) element.removeAttribute('data-value');
      else element.setAttribute('data-value', value);
      if (valueLabels[index]) valueLabels[index].textContent = '= ' + ReportCore.labelPreview(value ?? (value === null ? '∅' : '?'));
    }
  }
  function step(delta) {
    const target = ReportCore.stepWithin(shown, current, delta);
    if (target !== undefined) stepTo(target);
  }

  // ---- The scrubber under the timeline, with play and pause.
  const scrubber = document.getElementById('scrubber');
  const play = document.getElementById('play');
  scrubber.max = String(Math.max(0, timeline.length - 1));
  scrubber.disabled = !timeline.length;
  play.disabled = !timeline.length;
  scrubber.addEventListener('input', () => stepTo(Number(scrubber.value)));
  let playing = null;
  function stopPlaying() {
    if (playing !== null) clearInterval(playing);
    playing = null;
    play.textContent = '▶';
    play.setAttribute('aria-label', 'Play');
  }
  play.addEventListener('click', () => {
    if (playing !== null) {
      stopPlaying();
      return;
    }
    if (current >= 0 && ReportCore.positionIn(shown, current) >= shown.length - 1) stepTo(shown[0]);
    play.textContent = '❚❚';
    play.setAttribute('aria-label', 'Pause');
    playing = setInterval(() => {
      const before = current;
      step(1);
      if (current === before) stopPlaying();
    }, 400);
  });

  // ---- Timeline filters: the command line's words (--store, --node, --kind, --grep), and
  // entries that changed something, or touch the selected node.
  const filterFields = {
    store: document.getElementById('filter-store'),
    node: document.getElementById('filter-node'),
    kind: document.getElementById('filter-kind'),
    grep: document.getElementById('filter-grep'),
    notNode: document.getElementById('filter-not-node'),
    notKind: document.getElementById('filter-not-kind'),
    hideUnchanged: document.getElementById('filter-changed'),
    touching: document.getElementById('filter-touching'),
  };
  const filterError = document.getElementById('filter-error');
  // The filters show from the start where there is room; on a phone they open on demand.
  const filterBox = document.getElementById('timeline-filter-box');
  if (window.matchMedia('(min-width: 701px)').matches) filterBox.open = true;
  const kindNames = ['action', 'write', 'evaluation', 'notification', 'effect', 'resolution', 'control', 'scope'];
  function applyFilter() {
    const { filter, error } = ReportCore.makeFilter({
      store: filterFields.store.value.trim(),
      node: filterFields.node.value.trim(),
      kind: filterFields.kind.value.trim(),
      grep: filterFields.grep.value,
      notNode: filterFields.notNode.value.trim(),
      notKind: filterFields.notKind.value.trim(),
      hideUnchanged: filterFields.hideUnchanged.checked,
      touching: filterFields.touching.checked ? selected : null,
    }, kindNames);
    for (const field of ['node', 'kind', 'notNode', 'notKind']) filterFields[field].removeAttribute('aria-invalid');
    if (error) {
      filterFields[error.field].setAttribute('aria-invalid', 'true');
      filterError.textContent = error.message;
      return;
    }
    filterError.textContent = '';
    if (filterFields.touching.checked && selected === null) filter.touching = -1;
    shown = ReportCore.filterEntries(timeline, nodes, filter);
    updateCount();
    if (current >= 0) scrollToEntry(current);
    renderRows();
  }
  for (const field of Object.values(filterFields)) {
    field.addEventListener(field.type === 'checkbox' ? 'change' : 'input', applyFilter);
  }
  // Stores for the --store field's suggestions.
  const storeList = document.getElementById('store-names');
  for (const node of nodes) if (node.kind === 'store') storeList.append(Object.assign(make('option'), { value: node.id }));

  // ---- Heat, its scale and the slowest nodes, and the kind filter. Failed nodes keep their
  // red under heat.
  const heat = document.getElementById('heat');
  const heatScale = document.getElementById('heat-scale');
  const originalFills = new Map();
  function applyHeat() {
    nodes.forEach((node, index) => {
      const element = nodeElements[index];
      if (!node.heat || !element) return;
      const failed = node.status === 'failed' || node.error !== undefined;
      for (const part of element.querySelectorAll('ellipse, polygon, path, text')) {
        if (!originalFills.has(part)) originalFills.set(part, part.getAttribute('fill'));
        const original = originalFills.get(part);
        if (!heat.checked || failed) {
          if (original === null) part.removeAttribute('fill'); else part.setAttribute('fill', original);
        } else if (part.tagName === 'text') {
          part.setAttribute('fill', node.heat.text);
        } else if (original !== 'none' && original !== 'transparent') {
          part.setAttribute('fill', node.heat.fill);
        }
      }
    });
    heatScale.hidden = !heat.checked;
  }
  heat.addEventListener('change', applyHeat);
  const slowestNodes = ReportCore.slowest(nodes);
  function slowestSection() {
    const list = make('ol', 'slowest');
    for (const index of slowestNodes) {
      const item = make('li');
      item.append(nodeLink(index), make('span', 'hint', ` ${nodes[index].heat.label}`));
      list.append(item);
    }
    const fragment = document.createDocumentFragment();
    if (slowestNodes.length) fragment.append(section('Slowest', list));
    return fragment;
  }
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

  // ---- Keyboard. Nodes take focus (Tab); on a focused node ↑ and ← go to what it depends
  // on, ↓ and → to what depends on it, Enter selects it. Elsewhere ← → step the timeline,
  // + − 0 zoom, / searches, Esc clears.
  function prepareNode(element, index) {
    // The classes Graphviz gave it, before the page marks it, for copies of it (see drawingCopy).
    if (element.dataset.drawnClass === undefined) element.dataset.drawnClass = element.getAttribute('class') ?? '';
    element.setAttribute('tabindex', '0');
    element.setAttribute('role', 'button');
    element.setAttribute('aria-label', `${nodes[index].kind} ${nodes[index].id}`);
    element.addEventListener('focus', () => element.classList.add('focused'));
    element.addEventListener('blur', () => element.classList.remove('focused'));
  }
  nodeElements.forEach((element, index) => element && prepareNode(element, index));
  // The node each arrow key goes to from a node: along its edges, the one after the last
  // taken from here, so pressing again walks through them all.
  const edgeTurn = new Map();
  function followEdge(index, upstream) {
    const targets = (upstream ? dependencies : dependents)[index].filter((target) => nodeElements[target]);
    if (!targets.length) return;
    const key = `${index}${upstream ? '↑' : '↓'}`;
    const turn = edgeTurn.has(key) ? (edgeTurn.get(key) + 1) % targets.length : 0;
    edgeTurn.set(key, turn);
    const target = targets[turn];
    select(target);
    bringIntoView(target);
    nodeElements[target].focus({ preventScroll: true });
  }
  document.addEventListener('keydown', (event) => {
    // Keys typed into a text field are the field's (the search, the filters, the state's
    // search): the page's shortcuts would eat "-" and "0".
    const typing = event.target.matches && event.target.matches('input:not([type=checkbox]):not([type=range]), textarea');
    if (event.target === search || typing || event.altKey || event.metaKey || event.ctrlKey) {
      if (event.key === 'Escape' && typing && event.target !== search) event.target.blur();
      return;
    }
    const focusedNode = event.target.closest && event.target.closest('g.node[data-node-id]');
    if (focusedNode) {
      const index = indexOfId.get(focusedNode.getAttribute('data-node-id'));
      switch (event.key) {
        case 'ArrowUp': case 'ArrowLeft': followEdge(index, true); event.preventDefault(); return;
        case 'ArrowDown': case 'ArrowRight': followEdge(index, false); event.preventDefault(); return;
        case 'Enter': case ' ': select(index); event.preventDefault(); return;
        default: break;
      }
    }
    if (event.target === scrubber && event.key.startsWith('Arrow')) return;
    switch (event.key) {
      case '+': case '=': zoomCentered(1.25); break;
      case '-': case '_': zoomCentered(0.8); break;
      case '0': fit(); break;
      case 'f': setFocus(!isFocused()); break;
      case 'ArrowRight': case 'ArrowDown': step(1); break;
      case 'ArrowLeft': case 'ArrowUp': step(-1); break;
      case '/': search.focus(); search.select(); break;
      case 'Home': if (shown.length) stepTo(shown[0]); break;
      case 'End': if (shown.length) stepTo(shown[shown.length - 1]); break;
      case 'Escape': clearEverything(); break;
      default: return;
    }
    event.preventDefault();
  });

  // ---- Links: the address keeps the chosen entry (by its timeline number) and node
  // (#seq=74&node=Cart.total), so a view can be shared or reopened.
  // Each change of what is chosen is a step of the browser's history, so Back and Forward
  // walk through them; while the page follows the address, it writes none.
  let restoring = false;
  // The address is written in a task of its own, after the step has drawn: writing a history
  // entry costs Chromium as much as the rest of a step (Benchmarks/README.md). Steps made
  // before it is written share one entry.
  let pendingAddress = null;
  function rememberView() {
    if (restoring) return;
    const parts = [];
    if (current >= 0 && timeline[current].seq !== undefined) parts.push('seq=' + timeline[current].seq);
    if (selected !== null) parts.push('node=' + encodeURIComponent(nodes[selected].id));
    const address = parts.length ? '#' + parts.join('&') : location.pathname + location.search;
    if (pendingAddress === null) setTimeout(writeAddress, 0);
    pendingAddress = address;
  }
  function writeAddress() {
    const address = pendingAddress;
    pendingAddress = null;
    if (address === null || address === (location.hash || location.pathname + location.search)) return;
    try {
      history.pushState(null, '', address);
    } catch (error) {
      // Some browsers refuse history changes on file: pages; the view still works.
    }
  }
  function restoreView(event) {
    // The address moved: what the page was about to write is no longer what is chosen.
    pendingAddress = null;
    restoring = true;
    try {
      const parameters = new URLSearchParams(location.hash.slice(1));
      const seq = Number(parameters.get('seq'));
      const entryIndex = Number.isInteger(seq) && positions.has(seq) ? positions.get(seq) : -1;
      const id = parameters.get('node');
      const nodeIndex = id !== null && indexOfId.has(id) ? indexOfId.get(id) : null;
      if (entryIndex < 0 && nodeIndex === null) {
        // On opening, the page is already clear.
        if (event) clearEverything();
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
    stopPlaying();
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
    markOnMinimap(null);
    setFocus(false);
    focusButton.disabled = true;
    if (filterFields.touching.checked) applyFilter();
    clearEntry();
    replaceDetails(() => {
      details.append(...detailsAtStart.map((child) => child.cloneNode(true)));
      details.append(differencesSection(), slowestSection());
    });
    announce('Cleared');
    rememberView();
  }
  window.addEventListener('popstate', restoreView);
  window.addEventListener('hashchange', restoreView);

  // ---- A difference: marked nodes stay in view under selection, and "only what changed".
  for (const index of differing) if (nodeElements[index]) nodeElements[index].classList.add('differs');
  const onlyChanged = document.getElementById('only-changed');
  if (onlyChanged) {
    onlyChanged.addEventListener('change', () => {
      const hide = onlyChanged.checked;
      nodes.forEach((node, index) => nodeElements[index] && nodeElements[index].classList.toggle('unchanged', hide && !node.difference));
      data.edges.forEach(([from, to], edge) => {
        const element = edgeElements[edge];
        if (element) element.classList.toggle('unchanged', hide && !element.classList.contains('added') && !element.classList.contains('removed'));
      });
    });
  }

  // ---- Groups (a large graph's overview, `data.overview`): the page shows the graph with
  // families, stores and namespaces closed; a click on a group opens it in place, its inside
  // (laid out by Graphviz when the report was made, `#report-insides`) drawn over the spot
  // the group held, and a click on the inside's title bar closes it again. Groups open one
  // level at a time; a node inside closed groups is revealed by opening each on its way.
  const overview = data.overview ?? null;
  const groupInfo = new Map((overview?.groups ?? []).map((group) => [group.key, group]));
  const openLayers = new Map(); // group key -> its inside's layer in the top SVG
  let insideSources = null; // group key -> SVG text, read when a group is first opened
  const svgNamespace = 'http://www.w3.org/2000/svg';
  // Graphviz's SVG as the report's renderer wrote it for inline HTML (its text escaped there),
  // parsed as the page's own SVG was: by the HTML parser, into a document of its own whose
  // scripts never run (and the page allows none). The drawing's <svg>, or null.
  function parseDrawing(source) {
    const parsed = new DOMParser().parseFromString(source, 'text/html').body.firstElementChild;
    return parsed && parsed.tagName.toLowerCase() === 'svg' ? parsed : null;
  }
  function groupKey(element) {
    const match = /^g(\d+)$/.exec(element.id);
    return match && groupInfo.has(Number(match[1])) ? Number(match[1]) : null;
  }
  // The groups a node is inside, outermost first.
  function groupsHolding(index) {
    const chain = [];
    for (let key = overview ? overview.nodeIn[index] : -1; key >= 0; key = groupInfo.get(key)?.in ?? -1) chain.unshift(key);
    return chain;
  }
  // The group drawn for a node that is inside closed groups: the outermost closed one.
  function shownHolder(index) {
    if (!overview) return null;
    const closed = groupsHolding(index).find((key) => !openLayers.has(key));
    return closed === undefined ? null : document.getElementById('g' + closed);
  }
  // Opens the groups a node is inside; a promise when an inside must first be asked for.
  function reveal(index) {
    // While focus shows a neighbourhood on its own, the whole graph (and its groups) is hidden.
    if (!overview || nodeElements[index] || neighbourhoodView) return undefined;
    const chain = groupsHolding(index);
    const next = (position) => {
      for (; position < chain.length; position += 1) {
        const pending = openGroup(chain[position], { quiet: true });
        if (pending) return pending.then(() => next(position + 1));
      }
      return undefined;
    };
    return next(0);
  }
  // For the live page, whose server lays out each inside when it is first asked for: the
  // host's function (see setLayoutSource). A page `report --serve` serves asks its own
  // server for each neighbourhood it holds no layout of (its insides are all in it).
  let layoutProvider = null;
  if (document.body.dataset.layouts === 'server') {
    const token = new URLSearchParams(location.search).get('token') ?? '';
    layoutProvider = (wanted) => {
      if (wanted.node === undefined) return null;
      const query = new URLSearchParams({ token, node: String(wanted.node), depth: String(wanted.depth) });
      return fetch(`/neighbourhood?${query}`).then((response) => (response.ok ? response.text() : null));
    };
  }
  const pendingInsides = new Map();
  // Whether group `key`'s inside is at hand: true, false (nowhere to get it), or a promise
  // settled once it has been asked for.
  function ensureInside(key) {
    if (insideSource(key) !== undefined) return true;
    if (!layoutProvider) return false;
    if (!pendingInsides.has(key)) {
      const asked = Promise.resolve(layoutProvider({ group: key }))
        .then((text) => { if (typeof text === 'string') insideSources.set(key, text); })
        .catch(() => {})
        .finally(() => pendingInsides.delete(key));
      pendingInsides.set(key, asked);
    }
    return pendingInsides.get(key);
  }
  function insideSource(key) {
    if (insideSources === null) {
      const element = document.getElementById('report-insides');
      insideSources = new Map(element ? JSON.parse(element.textContent).insides.map((inside) => [inside.key, inside.svg]) : []);
    }
    return insideSources.get(key);
  }
  // Opens group `key` (and the groups it is in); a promise when its inside must first be
  // asked for, else undefined.
  function openGroup(key, { quiet = false } = {}) {
    const info = groupInfo.get(key);
    if (!info || openLayers.has(key)) return undefined;
    if (info.in >= 0 && !openLayers.has(info.in)) {
      const outer = openGroup(info.in, { quiet: true });
      if (outer) return outer.then(() => (openLayers.has(info.in) ? openGroup(key, { quiet }) : undefined));
    }
    const ready = ensureInside(key);
    if (ready !== true) {
      if (ready === false) announce(`${info.title} cannot be opened: this page has no layout for it`);
      return ready === false ? undefined : ready.then(() => (insideSource(key) !== undefined ? openGroup(key, { quiet }) : undefined));
    }
    const anchor = document.getElementById('g' + key);
    const source = insideSource(key);
    if (!anchor) return undefined;
    const parsed = parseDrawing(source);
    const drawing = parsed && parsed.querySelector('g.graph');
    if (!drawing) return undefined;
    const box = parsed.viewBox.baseVal;
    const [width, height] = [box && box.width ? box.width : 200, box && box.height ? box.height : 100];
    // Where the group is, in the top SVG's units (1 unit is 1 pixel at scale 1).
    const origin = svg.getBoundingClientRect();
    const at = anchor.getBoundingClientRect();
    const centreX = ((at.left + at.right) / 2 - origin.left) / view.scale;
    const centreY = ((at.top + at.bottom) / 2 - origin.top) / view.scale;
    const [bar, pad] = [22, 6];
    const layer = document.createElementNS(svgNamespace, 'g');
    layer.setAttribute('class', 'inside');
    layer.setAttribute('data-group', String(key));
    let top = centreY - (height + bar) / 2 + bar;
    // Never over the title bar of the inside it opens from, which closes that one.
    const container = info.in >= 0 ? openLayers.get(info.in) : null;
    if (container) top = Math.max(top, Number(container.dataset.top) + 2 * pad + bar);
    layer.dataset.top = String(top);
    layer.setAttribute('transform', `translate(${centreX - width / 2} ${top})`);
    const frame = document.createElementNS(svgNamespace, 'rect');
    frame.setAttribute('class', 'inside-frame');
    Object.entries({ x: -pad, y: -bar - pad, width: width + 2 * pad, height: height + bar + 2 * pad, rx: 6 })
      .forEach(([name, value]) => frame.setAttribute(name, String(value)));
    const title = document.createElementNS(svgNamespace, 'g');
    title.setAttribute('class', 'inside-title');
    title.setAttribute('data-group', String(key));
    title.setAttribute('tabindex', '0');
    title.setAttribute('role', 'button');
    title.setAttribute('aria-label', `Close ${info.title}`);
    const titleBack = document.createElementNS(svgNamespace, 'rect');
    Object.entries({ x: -pad, y: -bar - pad, width: width + 2 * pad, height: bar + pad, rx: 6 })
      .forEach(([name, value]) => titleBack.setAttribute(name, String(value)));
    const titleText = document.createElementNS(svgNamespace, 'text');
    titleText.setAttribute('x', '2');
    titleText.setAttribute('y', String(-pad - 2));
    titleText.textContent = ReportCore.visible(`▾ ${info.title} · ${info.count.toLocaleString('en-US')} nodes · close ✕`);
    title.append(titleBack, titleText);
    drawing.removeAttribute('id');
    // The frame is the inside's background; Graphviz's own (a white polygon) would hide the
    // marked nodes of other insides beneath it while focus shows them in place.
    drawing.querySelector(':scope > g[id^="a_graph"]')?.remove();
    // Graphviz puts the drawing's origin at its bottom left: the same translation as in its SVG.
    const content = document.importNode(drawing, true);
    layer.append(frame, title, content);
    svg.append(layer);
    openLayers.set(key, layer);
    anchor.classList.add('opened');
    adopt(layer);
    if (!quiet) {
      showWhole(layer);
      announce(`Opened ${info.title}: ${info.count} nodes`);
    }
    return undefined;
  }
  // Moves the view (zooming out if it must, never in) until `element` is wholly in sight.
  function showWhole(element) {
    const frame = graph.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    if (box.left >= frame.left && box.right <= frame.right && box.top >= frame.top && box.bottom <= frame.bottom) return;
    const margin = 16;
    const fits = Math.min((frame.width - 2 * margin) / box.width, (frame.height - 2 * margin) / box.height);
    if (fits < 1) zoomAt(fits, box.left + box.width / 2, box.top + box.height / 2);
    const moved = element.getBoundingClientRect();
    view.x += frame.left + frame.width / 2 - (moved.left + moved.width / 2);
    view.y += frame.top + frame.height / 2 - (moved.top + moved.height / 2);
    applyView();
  }
  function closeGroup(key) {
    const layer = openLayers.get(key);
    if (!layer) return;
    for (const [inner, group] of groupInfo) if (group.in === key) closeGroup(inner);
    layer.remove();
    openLayers.delete(key);
    const anchor = document.getElementById('g' + key);
    if (anchor) anchor.classList.remove('opened');
    for (const element of layer.querySelectorAll('g.node[data-node-id]')) {
      const index = indexOfId.get(element.getAttribute('data-node-id'));
      if (nodeElements[index] === element) nodeElements[index] = null;
    }
    for (const element of layer.querySelectorAll('g.edge[id^="e"]')) {
      const edge = Number(element.id.slice(1));
      if (edgeElements[edge] === element) edgeElements[edge] = null;
    }
    refreshGroupState();
    announce(`Closed ${groupInfo.get(key).title}`);
  }
  // The nodes and edges of an opened inside join the page: found by their place in the
  // snapshot, given the keyboard, and shown as everything else is (values as of the chosen
  // step, heat, filter, selection, search).
  function adopt(layer) {
    for (const element of layer.querySelectorAll('g.node[data-node-id]')) {
      const index = indexOfId.get(element.getAttribute('data-node-id'));
      if (index === undefined) continue;
      nodeElements[index] = element;
      prepareNode(element, index);
      valueLabels[index] = valueLabelOf(index);
      shownValues[index] = undefined;
      writeEvaluations(index);
    }
    for (const element of layer.querySelectorAll('g.edge[id^="e"]')) {
      const edge = Number(element.id.slice(1));
      if (Number.isInteger(edge) && edge >= 0 && edge < edgeElements.length) edgeElements[edge] = element;
    }
    for (const element of layer.querySelectorAll('g.node.group')) prepareGroup(element);
    applyValues(true);
    refreshGroupState();
  }
  function refreshGroupState() {
    applyHeat();
    applyKindFilter();
    runSearch();
    if (selected !== null) {
      clearSelectionMarks();
      markSelected(selected);
    }
    measureNodes();
    updateViewOverlays();
  }
  function prepareGroup(element) {
    const key = groupKey(element);
    if (key === null) return;
    const info = groupInfo.get(key);
    element.setAttribute('tabindex', '0');
    element.setAttribute('role', 'button');
    element.setAttribute('aria-label', `Open ${info.title}, ${info.count} nodes`);
    element.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      event.stopPropagation();
      openGroup(key);
    });
  }
  for (const element of svg.querySelectorAll('g.node.group')) prepareGroup(element);
  svg.addEventListener('keydown', (event) => {
    const bar = event.target.closest && event.target.closest('g.inside-title');
    if (!bar || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    event.stopPropagation();
    closeGroup(Number(bar.getAttribute('data-group')));
  });

  fit();
  measureNodes();
  updateViewOverlays();
  applyHeat();
  details.append(differencesSection(), slowestSection());
  updateCount();
  renderRows();
  applyValues(true);
  restoreView();
  // For the live page: what arrived after this report was made (`delta`: the entries after
  // its latest, and the nodes they touched with their histories' new changes), appended in
  // place; with `follow`, the latest entry is chosen (without a new address).
  function extend(delta, follow) {
    for (const change of delta.nodes ?? []) {
      const index = change.index;
      const node = nodes[index];
      if (!node) continue;
      for (const key of ['value', 'status', 'error', 'evaluations', 'subscribers', 'heat', 'structure']) {
        if (key in change) node[key] = change[key]; else if (key === 'error') delete node.error;
      }
      if (change.history) {
        if (!node.history) {
          node.history = { first: change.history.first, changes: [] };
          if (change.history.unknownFirst) node.history.unknownFirst = true;
          withHistory.push(index);
        }
        node.history.changes.push(...change.history.changes);
      }
      writeEvaluations(index);
    }
    for (const entry of delta.timeline ?? []) {
      if (entry.seq !== undefined && positions.has(entry.seq)) continue;
      const index = timeline.length;
      timeline.push(entry);
      consequences.push([]);
      if (entry.seq !== undefined) positions.set(entry.seq, index);
      const cause = entry.cause === undefined ? undefined : positions.get(entry.cause);
      if (cause !== undefined && cause !== index) consequences[cause].push(index);
    }
    scrubber.max = String(Math.max(0, timeline.length - 1));
    scrubber.disabled = !timeline.length;
    play.disabled = !timeline.length;
    applyFilter();
    if (follow && timeline.length) {
      restoring = true;
      try {
        stepTo(timeline.length - 1);
      } finally {
        restoring = false;
      }
    } else {
      applyValues(true);
    }
  }

  // For the live page, which also puts a newer report in this one's place: the view (pan and
  // zoom) it carries over, and what is chosen.
  window.recoilReport = {
    extend,
    state: () => ({
      seq: current >= 0 ? timeline[current].seq ?? null : null,
      node: selected !== null ? nodes[selected].id : null,
      latestSeq: timeline.length ? timeline[timeline.length - 1].seq ?? null : null,
      shape: data.shape ?? null,
      entries: timeline.length,
    }),
    view: () => ({ x: view.x, y: view.y, scale: view.scale }),
    // A host's tools for the details panel (see appendTools); the details shown get them now.
    setTools(next) {
      tools = next ?? null;
      if (selected !== null) showNode(selected); else if (current >= 0) showEntry(current);
    },
    // For the live page, whose server lays out on demand: a function from `{ group: key }`
    // (a group's inside) or `{ node: index, depth: '1'|'2'|'3'|'all' }` (a neighbourhood for
    // focus) to (a promise of) its SVG text.
    setLayoutSource(provider) {
      layoutProvider = typeof provider === 'function' ? provider : null;
      // A node chosen by the address before the host said where insides come from.
      if (selected !== null && !nodeElements[selected]) bringIntoView(selected);
    },
    // Chooses the entry numbered `seq`, as a click on it would; false when the report lacks it.
    choose(seq) {
      const index = positions.get(seq);
      if (index === undefined) return false;
      stepTo(index);
      return true;
    },
    setView(next) {
      if (!next || ![next.x, next.y, next.scale].every(Number.isFinite)) return;
      view.x = next.x;
      view.y = next.y;
      view.scale = Math.min(8, Math.max(0.01, next.scale));
      applyView();
      // The selected node stays in sight, wherever a new layout put it.
      if (selected !== null && nodeElements[selected]) {
        const box = nodeElements[selected].getBoundingClientRect();
        const frame = graph.getBoundingClientRect();
        const inSight = box.right > frame.left && box.left < frame.right && box.bottom > frame.top && box.top < frame.bottom;
        if (!inSight) bringIntoView(selected);
      }
    },
  };
  document.documentElement.setAttribute('data-ready', 'true');
})();
