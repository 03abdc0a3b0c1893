import { CrudListPage } from '@vot/shared/lists';
import { projectScreen } from './project.screen';

export default function ProjectList() {
  return <CrudListPage screen={projectScreen} />;
}
