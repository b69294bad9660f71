import { ScenarioFilters } from './ScenarioFilters.tsx';
import { ScenarioList } from './ScenarioList.tsx';
import { ScenarioSearch } from './ScenarioSearch.tsx';

export function ScenarioBrowser() {
  return (
    <aside className="pane scenario-browser" aria-label="Scenarios" data-pane="scenarios">
      <ScenarioSearch />
      <ScenarioFilters />
      <ScenarioList />
    </aside>
  );
}
