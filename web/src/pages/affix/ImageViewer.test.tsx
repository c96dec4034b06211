import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import ImageViewer, { MSG_FIRST, MSG_LAST } from './ImageViewer';

const images = [
  { url: '/uploads/a.png', name: '回单1.png' },
  { url: '/uploads/b.png', name: '回单2.png' },
];

function Harness() {
  const [index, setIndex] = useState<number | null>(0);
  return <ImageViewer images={images} index={index} onIndex={setIndex} />;
}

describe('ImageViewer', () => {
  it('steps through the images and says so at either end', async () => {
    render(<Harness />);
    expect(await screen.findByText('回单1.png（1/2）')).toBeTruthy();
    fireEvent.click(screen.getByTestId('viewer-previous'));
    await waitFor(() => expect(document.body.textContent).toContain(MSG_FIRST));
    fireEvent.click(screen.getByTestId('viewer-next'));
    expect(await screen.findByText('回单2.png（2/2）')).toBeTruthy();
    fireEvent.click(screen.getByTestId('viewer-next'));
    await waitFor(() => expect(document.body.textContent).toContain(MSG_LAST));
  });
});
