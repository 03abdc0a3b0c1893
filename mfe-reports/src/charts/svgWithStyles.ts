/** What the stylesheet gives a chart's shapes and text, written on the copy as SVG attributes. */
const PROPERTIES = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'opacity',
  'font-size',
  'font-family',
  'font-weight',
  'text-anchor',
];

/**
 * The chart's SVG for the PDF. In styled mode its colours and fonts come from highcharts.css, which
 * the PDF does not have: each element's computed style is copied onto a clone as presentation
 * attributes (attributes, not inline styles, so the CSP allows them), and elements not shown are left out.
 */
export function svgWithStyles(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const originals = [svg, ...svg.querySelectorAll('*')];
  const copies = [copy, ...copy.querySelectorAll('*')];
  originals.forEach((original, i) => {
    const target = copies[i]!;
    const style = getComputedStyle(original);
    if (style.display === 'none' || style.visibility === 'hidden') {
      target.setAttribute('display', 'none');
      return;
    }
    for (const name of PROPERTIES) {
      const value = style.getPropertyValue(name);
      if (value) target.setAttribute(name, value);
    }
  });
  copy.removeAttribute('class');
  // The PDF scales the chart to its place on the page: without a viewBox it would cut the drawing
  // (the axis labels at its edges) instead of scaling it.
  if (!copy.getAttribute('viewBox')) {
    const width = Number(svg.getAttribute('width')) || svg.clientWidth;
    const height = Number(svg.getAttribute('height')) || svg.clientHeight;
    if (width && height) copy.setAttribute('viewBox', `0 0 ${width} ${height}`);
  }
  return new XMLSerializer().serializeToString(copy);
}
