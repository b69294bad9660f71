import { EnvironmentStatus } from './EnvironmentStatus.tsx';
import { ImportButton } from './ImportButton.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';
import { TeachButtons } from '../teach/TeachButtons.tsx';

export function AppHeader() {
  return (
    <header className="app-header">
      <h1 className="brand">
        Diff<span>Lab</span>
      </h1>
      <EnvironmentStatus />
      <div className="spacer" />
      <TeachButtons />
      <ImportButton />
      <ThemeToggle />
    </header>
  );
}
