import { screen } from '@testing-library/react';
import { renderRoutes, signInAs } from '@vot/shared/testing';
import { routes } from '../../routes';
import FigureDefinitions from './FigureDefinitions';

it('shows docs/figures.md as a page: every dashboard, the report, and the ledger’s rule for doses', async () => {
  signInAs('Field Officer', [{ id: 3, name: 'Insein' }]);
  renderRoutes({ [routes.figureDefinitions.path]: FigureDefinitions }, '/admin/figure-definitions');
  expect(screen.getByRole('heading', { level: 1, name: 'What each figure counts' })).toBeInTheDocument();
  for (const section of [
    'Doses: what counts as observed',
    'Patient Dashboard',
    'VOT Status Dashboard',
    'Volunteer Dashboard',
    'Activity Dashboard',
    'Monthly Volunteer Report',
    'VOT Report',
  ])
    expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument();
  // The regimen groups' table, as the dashboard draws them.
  expect(screen.getByRole('cell', { name: '6-month regimen (BPaL, BPaLM)' })).toBeInTheDocument();
});
