import { Button } from 'primereact/button';
import { useNavigate } from 'react-router-dom';

/** Every list screen has one (SPEC.md §2). */
export function BackButton() {
  const navigate = useNavigate();
  return (
    <Button type="button" label="Back" icon="pi pi-arrow-left" severity="secondary" text onClick={() => navigate(-1)} />
  );
}
