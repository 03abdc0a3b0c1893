/** The page that says what each dashboard and report figure counts (docs/figures.md), linked from each of them. */
export const FIGURE_DEFINITIONS_PATH = '/admin/figure-definitions';
