// A step's run status on its canvas node: the status icon (a spinner while it
// runs) and, once it finished, how long it took.
import { memo } from 'react';
import { formatDuration } from '../../../shared/run/display';
import { NodeStatusIcon } from '../../../shared/run/NodeStatusIcon';
import type { StepView } from './runStore';
import './Run.css';

export const StepStatus = memo(function StepStatus({ step }: { step: StepView }) {
  return (
    <span className={`step-status step-status-${step.status}`} data-testid="step-status">
      <NodeStatusIcon status={step.status} />
      {step.finishedAt && step.status !== 'skipped' && <span className="step-status-time">{formatDuration(step.elapsedMs)}</span>}
    </span>
  );
});
