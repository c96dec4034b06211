import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { mockFetch, resetBrowserState } from '@/test/fetchMock';
import { centroidOf } from './centroids';
import MapDialog, { checkPoint } from './MapDialog';
import type { LeafletMapProps } from './LeafletMap';

// antd forms render slowly when the whole suite runs in parallel on two cores.

// Leaflet needs a real layout; the stand-in shows the view and offers a "click" on the map.
vi.mock('./LeafletMap', () => ({
  default: ({ view, point, onPick }: LeafletMapProps) => (
    <div>
      <span data-testid="view">{`${view.centre.lat},${view.centre.lng}@${view.zoom}`}</span>
      <span data-testid="marker">{point ? `${point.lat},${point.lng}` : 'none'}</span>
      <button type="button" onClick={() => onPick({ lat: 34.7654321, lng: 113.6543219 })}>
        map-click
      </button>
    </div>
  ),
}));

function open(value = '', centre = '34.75,113.63') {
  resetBrowserState();
  const onConfirm = vi.fn();
  render(<MapDialog open value={value} centre={centre} onConfirm={onConfirm} onCancel={() => {}} />);
  return onConfirm;
}

const lng = () => screen.getByTestId('map-lng') as HTMLInputElement;
const lat = () => screen.getByTestId('map-lat') as HTMLInputElement;


describe('MapDialog', () => {
  it('filters the inputs to a number: digits, one dot, a leading minus, 20 chars', async () => {
    open();
    fireEvent.change(lng(), { target: { value: '1a1-3.6.3x' } });
    expect(lng().value).toBe('113.63');
    fireEvent.change(lat(), { target: { value: '-34.75' } });
    expect(lat().value).toBe('-34.75');
    fireEvent.change(lat(), { target: { value: '1234567890.12345678901' } });
    expect(lat().value).toHaveLength(20);
  });

  it('answers the China range message for a point outside it', async () => {
    const onConfirm = open();
    fireEvent.change(lng(), { target: { value: '150' } });
    fireEvent.change(lat(), { target: { value: '34.75' } });
    expect(screen.getByText('中国经纬度范围为经度73.66~135.05,纬度3.86~53.55')).toBeTruthy();
    fireEvent.click(screen.getByTestId('map-confirm'));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(checkPoint('135.05', '53.55')).toBeUndefined();
    expect(checkPoint('73.659', '30')).toBe('中国经纬度范围为经度73.66~135.05,纬度3.86~53.55');
    expect(checkPoint('100', '3.85')).toBe('中国经纬度范围为经度73.66~135.05,纬度3.86~53.55');
    expect(checkPoint('', '30')).toBe('请选择坐标');
  });

  it('starts from the stored point, takes a click and confirms "lat,lng"', async () => {
    const onConfirm = open('34.8,113.7');
    expect(await screen.findByTestId('view')).toBeTruthy();
    expect(screen.getByTestId('view').textContent).toBe('34.8,113.7@12');
    expect(screen.getByTestId('marker').textContent).toBe('34.8,113.7');
    fireEvent.click(screen.getByText('map-click'));
    expect(lat().value).toBe('34.765432');
    expect(lng().value).toBe('113.654322');
    fireEvent.click(screen.getByTestId('map-confirm'));
    expect(onConfirm).toHaveBeenCalledWith('34.765432,113.654322');
  });

  it('starts from the site centre when nothing is stored', async () => {
    open('', '30.5,114.3');
    expect((await screen.findByTestId('view')).textContent).toBe('30.5,114.3@12');
    expect(screen.getByTestId('marker').textContent).toBe('none');
  });

  it('searches districts and recentres on the chosen one', async () => {
    const { called } = mockFetch({
      '/builder/common/v1/Area/search': {
        code: 201,
        data: [{ code: '410105', level: 3, name: '金水区', path: ['41', '4101', '410105'], path_name: '河南省/郑州市/金水区' }],
      },
    });
    render(<MapDialog open value="" centre="30.5,114.3" onConfirm={() => {}} onCancel={() => {}} />);
    await screen.findByTestId('view');
    const search = screen.getByRole('combobox');
    fireEvent.mouseDown(search);
    fireEvent.change(search, { target: { value: '金水' } });
    await waitFor(() => expect(called('/builder/common/v1/Area/search')).toHaveLength(1));
    expect(called('/builder/common/v1/Area/search')[0].url).toContain(`name=${encodeURIComponent('金水')}`);
    fireEvent.click(await screen.findByTitle('河南省/郑州市/金水区'));
    await waitFor(() => expect(screen.getByTestId('view').textContent).toBe('34.75,113.63@11'));
  });

  it('knows province seats and falls back along the path', () => {
    expect(centroidOf(['44', '4403', '440305'])).toEqual({ centre: { lat: 23.13, lng: 113.26 }, level: 1 });
    expect(centroidOf(['99'])).toBeUndefined();
  });
});
