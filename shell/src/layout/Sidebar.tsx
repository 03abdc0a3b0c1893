import { NavLink } from 'react-router-dom';
import type { MenuSection } from '../remotes/menu';
import type { PatientCounts } from '@vot/shared/schemas';

/** Menu groups of SPEC.md §2, built from the remotes' module.json and filtered by role. */
export function Sidebar({
  sections,
  onNavigate,
  counts = {},
}: {
  sections: MenuSection[];
  onNavigate: () => void;
  counts?: PatientCounts;
}) {
  return (
    <nav id="vot-sidebar" className="vot-sidebar" aria-label="Main menu">
      <NavLink to="/admin/dashboard" className="vot-menu-item" onClick={onNavigate}>
        <i className="pi pi-home" aria-hidden="true" /> Dashboard
      </NavLink>
      {sections.map((section) => (
        <div key={section.group} className="vot-menu-group" role="group" aria-labelledby={`menu-${section.group}`}>
          <div id={`menu-${section.group}`} className="vot-menu-group-title">
            {section.group}
          </div>
          {section.items.map((item) => (
            <NavLink key={item.path} to={item.path} className="vot-menu-item" onClick={onNavigate}>
              <i className={item.icon ?? 'pi pi-circle'} aria-hidden="true" /> {item.label}
              {item.countKey && typeof counts[item.countKey] === 'number' && (
                <span className="vot-menu-count" aria-label={`${counts[item.countKey]} patients`}>
                  {counts[item.countKey]}
                </span>
              )}
            </NavLink>
          ))}
        </div>
      ))}
    </nav>
  );
}
