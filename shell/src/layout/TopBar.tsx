import { useRef } from 'react';
import { useAtomValue } from 'jotai';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import { useNavigate } from 'react-router-dom';
import { sessionApi } from '@vot/shared/api';
import { userAtom } from '@vot/shared/session';
import logoPartner from '../assets/logo-partner.svg';
import logoProgramme from '../assets/logo-programme.svg';

/** Two logos, the menu toggle, and the account dropdown (name, role, Change Password, Logout). */
export function TopBar({ onToggleMenu, menuOpen }: { onToggleMenu: () => void; menuOpen: boolean }) {
  const user = useAtomValue(userAtom);
  const navigate = useNavigate();
  const menu = useRef<Menu>(null);
  const items = [
    { label: 'Change Password', icon: 'pi pi-key', command: () => navigate('/admin/change-password') },
    { label: 'Logout', icon: 'pi pi-sign-out', command: () => void sessionApi.logout() },
  ];
  return (
    <header className="vot-topbar">
      <Button
        type="button"
        icon="pi pi-bars"
        text
        rounded
        aria-label={menuOpen ? 'Close menu' : 'Open menu'}
        aria-expanded={menuOpen}
        aria-controls="vot-sidebar"
        onClick={onToggleMenu}
      />
      <div className="vot-logos">
        <img src={logoProgramme} alt="VOT Console" height={36} />
        <img src={logoPartner} alt="National TB Programme" height={36} />
      </div>
      <div className="vot-account">
        <Menu model={items} popup ref={menu} id="vot-account-menu" />
        <Button
          type="button"
          text
          className="vot-account-button"
          aria-haspopup="menu"
          aria-controls="vot-account-menu"
          onClick={(e) => menu.current?.toggle(e)}
        >
          <span className="vot-account-text">
            <span className="vot-account-name">{user?.name}</span>
            <span className="vot-account-role">{user?.role}</span>
          </span>
          <i className="pi pi-angle-down" aria-hidden="true" />
        </Button>
      </div>
    </header>
  );
}
