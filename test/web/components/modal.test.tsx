import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ConfirmationDialog } from '@web/src/components/confirmation-dialog';
import { ErrorDialog } from '@web/src/components/error-dialog';
import Modal from '@web/src/components/modal';

/** A button that opens a dialog, as the screens do. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <Modal visible={open} header="Details" closeAriaLabel="Close" onDismiss={() => setOpen(false)}>
        <input aria-label="Inside" />
      </Modal>
    </>
  );
}

describe('a dialog', () => {
  it('is not on the page while hidden: neither it nor its content is built', () => {
    render(
      <>
        <ErrorDialog messages={undefined} onClose={() => undefined} />
        <ConfirmationDialog visible={false} title="Accept changes" lines={['Sure?']} onCancel={() => undefined} onAccept={() => undefined} />
      </>,
    );
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(screen.queryByText('Sure?')).toBeNull();
  });

  it('shows its content once opened, and leaves the page when dismissed with the focus back on what opened it', async () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getByRole('dialog').textContent).toContain('Details');
    expect(screen.getByLabelText('Inside')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Close' })));
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
