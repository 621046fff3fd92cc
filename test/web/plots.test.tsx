// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FunnelChart } from '../../web/src/components/FunnelChart';

afterEach(cleanup);

describe('FunnelChart', () => {
  it('writes each step with its rate from the step before and from the first, so it reads without the bars', () => {
    render(
      <FunnelChart
        title="Funnel"
        steps={[
          { label: 'Sent', count: 200 },
          { label: 'Delivered', count: 190 },
          { label: 'Opened', count: 57 },
          { label: 'Replied', count: 0 },
        ]}
      />,
    );
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items[0]).toBe('Sent200');
    expect(items[1]).toContain('95.0 % of sent, 95.0 % of sent');
    expect(items[2]).toContain('30.0 % of delivered, 28.5 % of sent');
    expect(items[3]).toContain('0.0 % of opened, 0.0 % of sent');
  });

  it('says — for a rate over nothing', () => {
    render(
      <FunnelChart
        title="Empty"
        steps={[
          { label: 'Sent', count: 0 },
          { label: 'Delivered', count: 0 },
        ]}
      />,
    );
    expect(screen.getAllByRole('listitem')[1].textContent).toContain('— of sent, — of sent');
  });
});
