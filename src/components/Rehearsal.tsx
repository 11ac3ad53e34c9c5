import { Component, type ReactNode, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';

interface Props {
  children: ReactNode;
  /** Called once the children have been drawn (or have failed to): the owner unmounts the rehearsal then. */
  onDone: () => void;
  /** Where the children are drawn; an element outside the document unless a test passes its own. */
  into?: Element;
}

/** A rehearsal that throws ends quietly: it must never take the real page down with it. */
class EndOnError extends Component<{ onDone: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onDone();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function Done({ onDone }: { onDone: () => void }) {
  useEffect(() => {
    onDone();
  }, [onDone]);
  return null;
}

/**
 * Draws `children` once where nobody sees them (into an element that is not in the document), then reports done.
 *
 * Why: the first time a page's components run, the browser compiles their code and that of the library components
 * they use, and the libraries fill their caches. For the transfer's page, that made an operator's first payment
 * 7–8 ms slower from the answer to the rendered transfer than a later one (README, "The transfer's page is
 * rehearsed"). Rehearsed first, the real first render costs what a later one does. The owner mounts it while the
 * browser is idle and in a transition, so that its render yields every few milliseconds. Context (theme, query
 * client) reaches the children through the portal as usual.
 */
export function Rehearsal({ children, onDone, into }: Props) {
  const [offstage] = useState(() => into ?? document.createElement('div'));
  return createPortal(
    <EndOnError onDone={onDone}>
      {children}
      <Done onDone={onDone} />
    </EndOnError>,
    offstage,
  );
}
