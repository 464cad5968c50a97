// What focus draws from a static report's layouts of neighbourhoods (NeighbourhoodPlans.swift,
// OverviewPlan.swift): each node's move, each edge's curve and arrowhead, a group's outline and
// label lines, as SVG paths and numbers. Pure functions, checked by `node --test`
// (Tests/ReportScriptTests/plan-pictures.test.js); neighbourhoods.js draws them.
class PlanPictures {

  /** An edge's SVG path through `points` (x, y, …: cubic Bézier pieces, in tenths of a point)
   *  and its arrowhead's corners (null when `tipX` or `tipY` is null), in points. */
  static curvePath(points, tipX, tipY) {
    const point = (x, y) => `${x / 10},${y / 10}`;
    let d = `M${point(points[0], points[1])}C`;
    d += Array.from({ length: points.length / 2 - 1 }, (_, at) => point(points[2 * at + 2], points[2 * at + 3])).join(' ');
    let arrow = null;
    if (tipX !== null && tipY !== null) {
      const [baseX, baseY] = [points[points.length - 2], points[points.length - 1]];
      // Graphviz's order of the corners, in the SVG's y downwards.
      const [sideX, sideY] = [(tipY - baseY) * 0.35, -(tipX - baseX) * 0.35];
      arrow = [point(baseX + sideX, baseY + sideY), point(tipX, tipY), point(baseX - sideX, baseY - sideY),
        point(baseX + sideX, baseY + sideY)].join(' ');
    }
    return { d, arrow };
  }

  /** The outline of a group drawn `shape` (a Graphviz shape: box, box3d, tab or folder;
   *  `rounded` rounds a box's corners) centred on (`x`, `y`), `width` by `height` points: SVG
   *  paths, back to front. */
  static groupOutline(shape, rounded, x, y, width, height) {
    const [left, right, top, bottom] = [x - width / 2, x + width / 2, y - height / 2, y + height / 2];
    const at = (px, py) => `${+px.toFixed(2)},${+py.toFixed(2)}`;
    const depth = 4;
    switch (shape) {
      case 'box3d':
        return [
          `M${at(left, top + depth)}L${at(left + depth, top)}L${at(right, top)}L${at(right, bottom - depth)}` +
            `L${at(right - depth, bottom)}L${at(right - depth, top + depth)}Z`,
          `M${at(left, top + depth)}L${at(right - depth, top + depth)}L${at(right - depth, bottom)}L${at(left, bottom)}Z` +
            `M${at(right - depth, top + depth)}L${at(right, top)}`,
        ];
      case 'tab':
        return [
          `M${at(left, top)}L${at(right, top)}L${at(right, bottom)}L${at(left, bottom)}Z` +
            `M${at(left + 4, top)}L${at(left + 4, top + 5)}L${at(left + 16, top + 5)}L${at(left + 16, top)}`,
        ];
      case 'folder':
        return [
          `M${at(left, top + 5)}L${at(right - 20, top + 5)}L${at(right - 16, top)}L${at(right - 4, top)}` +
            `L${at(right, top + 5)}L${at(right, bottom)}L${at(left, bottom)}Z`,
        ];
      default: {
        if (!rounded) return [`M${at(left, top)}L${at(right, top)}L${at(right, bottom)}L${at(left, bottom)}Z`];
        const r = Math.min(6, width / 2, height / 2);
        return [
          `M${at(left + r, top)}L${at(right - r, top)}Q${at(right, top)} ${at(right, top + r)}L${at(right, bottom - r)}` +
            `Q${at(right, bottom)} ${at(right - r, bottom)}L${at(left + r, bottom)}Q${at(left, bottom)} ${at(left, bottom - r)}` +
            `L${at(left, top + r)}Q${at(left, top)} ${at(left + r, top)}Z`,
        ];
      }
    }
  }

  /** What a static report's focus draws for a hub's neighbourhood laid out as an overview of
   *  itself (`plans.overviews[i]`, see OverviewPlan.swift): the picture of its plan (see
   *  `planPicture`: the nodes drawn whole and the edges among them), and each group (`groups`,
   *  eight numbers each: label, kind, status, sides, x, y, width, height) with its outline,
   *  classes, tooltip and label lines (`labels[label]`: title, count, states, evaluations, ""
   *  for none), and each merged edge (`[tail, head, count, sides, tip x, tip y, n, x, y, …]`,
   *  an end a node's index or -1 - a group's) with its path, width, tooltip and count. Text
   *  is made visible (no control characters); `nodeName(index)` names a node. In points;
   *  `null` when a node has no home. */
  static overviewPicture(entry, homes, looks, labels, nodeName) {
    const picture = PlanPictures.planPicture(entry.plan, homes, looks);
    if (!picture) return null;
    const sideClasses = (sides) => `${sides & 1 ? ' upstream' : ''}${sides & 2 ? ' downstream' : ''}`;
    const fonts = [[12, 'bold', looks.text], [10, null, looks.muted], [10, null, looks.error], [9, null, looks.muted]];
    const groups = [];
    const titles = [];
    for (let at = 0; at + 7 < entry.groups.length; at += 8) {
      const [label, kind, status, sides, x, y, width, height] = entry.groups.slice(at, at + 8);
      const [name, shape, fill, border, style] = looks.groups[kind] ?? looks.groups[0];
      const lines = labels[label] ?? ['', '', '', ''];
      titles.push(lines[0]);
      const shown = lines.map((text, line) => ({ text, line })).filter(({ text }) => text !== '');
      const lineHeight = (line) => fonts[line][0] * 1.2;
      let baseline = y / 10 - shown.reduce((sum, { line }) => sum + lineHeight(line), 0) / 2;
      const texts = shown.map(({ text, line }) => {
        baseline += lineHeight(line);
        const [size, weight, colour] = fonts[line];
        return { text: PageText.visible(text), x: x / 10, y: +(baseline - size * 0.3).toFixed(2), size, weight, fill: colour };
      });
      let tooltip = `${lines[0]}: ${lines[1]}, drawn as one`;
      if (lines[2]) tooltip += `\n${lines[2].split(' · ').join(', ')}`;
      groups.push({
        id: `focus_g${at / 8}`,
        className: `node group ${name}${sideClasses(sides)}`,
        title: PageText.visible(tooltip, true),
        outline: PlanPictures.groupOutline(shape, style.includes('rounded'), x / 10, y / 10, width / 10, height / 10),
        fill,
        stroke: status === 1 ? looks.error : border,
        strokeWidth: status === 1 ? 2.5 : 1.5,
        dash: status === 2 ? looks.dash : null,
        texts,
      });
    }
    const endName = (end) => (end >= 0 ? nodeName(end) : titles[-1 - end] ?? '');
    const merged = entry.merged.map(([tail, head, count, sides, tipX, tipY, , ...points], index) => {
      const { d, arrow } = PlanPictures.curvePath(points, tipX, tipY);
      // The curve's middle: halfway along its middle piece (an odd number of pieces), else
      // where the two middle pieces meet.
      const pieces = Math.max(1, Math.floor((points.length / 2 - 1) / 3));
      const piece = Math.floor((pieces - 1) / 2);
      const [t, at] = [pieces % 2 === 1 ? 0.5 : 1, 6 * piece];
      const along = (offset) => {
        const [p0, p1, p2, p3] = [0, 2, 4, 6].map((step) => points[at + step + offset] ?? points[offset]);
        return (1 - t) ** 3 * p0 + 3 * (1 - t) ** 2 * t * p1 + 3 * (1 - t) * t ** 2 * p2 + t ** 3 * p3;
      };
      const plural = count === 1 ? 'edge' : 'edges';
      return {
        id: `mfocus-${index}`,
        className: `edge merged${sideClasses(sides)}`,
        title: PageText.visible(`${endName(tail)} → ${endName(head)}: ${count.toLocaleString('en-US')} ${plural}`),
        d, arrow, stroke: looks.edge,
        strokeWidth: +Math.min(1 + Math.log2(Math.max(count, 1)), 5).toFixed(1),
        count: count > 1 ? { text: String(count), x: +(along(0) / 10 + 6).toFixed(2), y: +(along(1) / 10).toFixed(2) } : null,
      };
    });
    return { ...picture, groups, merged };
  }

  /** What a static report's focus draws for one neighbourhood (`#report-neighbourhoods`, see
   *  NeighbourhoodPlans.swift; lengths there in tenths of a point): the drawing's size, where
   *  each node's own drawing moves (by how much from the centre it has in its home drawing,
   *  `homes`), and each edge's SVG path, arrowhead (as Graphviz draws a `normal` one: from the
   *  curve's end to the tip, its base 0.35 of its length to either side), colour and dashes.
   *  In points; `null` when a node has no home. */
  static planPicture(plan, homes, looks) {
    const [width, height, placed, curves] = plan;
    const nodes = [];
    for (let at = 0; at + 2 < placed.length; at += 3) {
      const node = placed[at];
      if (homes[2 * node] === null || homes[2 * node] === undefined) return null;
      nodes.push({ node, dx: (placed[at + 1] - homes[2 * node]) / 10, dy: (placed[at + 2] - homes[2 * node + 1]) / 10 });
    }
    const edges = curves.map(([edge, drives, tipX, tipY, ...points]) => {
      const { d, arrow } = PlanPictures.curvePath(points, tipX, tipY);
      return { edge, d, arrow, stroke: drives ? looks.drives : looks.edge, dash: drives ? looks.dash : null };
    });
    return { width: width / 10, height: height / 10, nodes, edges };
  }
}

if (typeof module === 'object' && module.exports) module.exports = PlanPictures;
