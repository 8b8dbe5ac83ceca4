// The warning an agent sees under their message that refuses rental assistance (issue 58 item 1):
// it names the phrase the server found, says the law, and can be dismissed from the keyboard.
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AssistanceWarning } from './assistance-warning';

function Harness({ phrase }: { phrase: string }) {
  const [shown, setShown] = useState(true);
  return shown ? <AssistanceWarning phrase={phrase} onDismiss={() => setShown(false)} /> : <p>gone</p>;
}

describe('AssistanceWarning', () => {
  it('names the refusing phrase and the law, as an alert', () => {
    renderWithProviders(<Harness phrase="does not participate in Section 8" />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Your message refuses rental assistance');
    expect(alert).toHaveTextContent('"does not participate in Section 8"');
    expect(alert).toHaveTextContent('Source-of-income discrimination is illegal in New York City');
  });

  it('is dismissed with its labelled button, from the keyboard', async () => {
    const { user } = renderWithProviders(<Harness phrase="no vouchers" />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Dismiss the warning' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('gone')).toBeInTheDocument();
  });
});
