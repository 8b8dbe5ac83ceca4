// The property card's photo carousel (SPEC part 2): arrows and dots when there is more than one
// photo, the index wrapping in both directions, 'No photos' when there is none.
import { fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PhotoCarousel, wrapIndex, type CarouselPhoto } from './photo-carousel';

const photos = (count: number): CarouselPhoto[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `p${i + 1}`,
    url: `https://img.example/p${i + 1}.jpg`,
    thumbnailUrl: `https://img.example/p${i + 1}-thumb.jpg`,
    width: 800,
    height: 600,
  }));

const photo = () => screen.getByRole('img');
const dot = (n: number, of: number) => screen.getByRole('button', { name: `Show photo ${n} of ${of}` });

describe('PhotoCarousel', () => {
  it('wraps in both directions and its dots pick a photo', async () => {
    const user = userEvent.setup();
    render(<PhotoCarousel photos={photos(4)} title="Sunny loft" />);
    expect(screen.getByRole('group', { name: 'Photos of Sunny loft' })).toBeInTheDocument();
    expect(photo()).toHaveAttribute('alt', 'Sunny loft, photo 1 of 4');
    expect(photo()).toHaveAttribute('src', 'https://img.example/p1-thumb.jpg');
    expect(dot(1, 4)).toHaveAttribute('aria-current', 'true');

    // Back from the first photo: the last one.
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(photo()).toHaveAttribute('alt', 'Sunny loft, photo 4 of 4');
    expect(photo()).toHaveAttribute('src', 'https://img.example/p4-thumb.jpg');
    expect(dot(4, 4)).toHaveAttribute('aria-current', 'true');
    expect(dot(1, 4)).not.toHaveAttribute('aria-current');

    // On from the last photo: the first one.
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(photo()).toHaveAttribute('alt', 'Sunny loft, photo 1 of 4');
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(photo()).toHaveAttribute('alt', 'Sunny loft, photo 2 of 4');

    await user.click(dot(4, 4));
    expect(photo()).toHaveAttribute('alt', 'Sunny loft, photo 4 of 4');
    expect(dot(4, 4)).toHaveAttribute('aria-current', 'true');
    expect(screen.getAllByRole('button', { current: true })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(photo()).toHaveAttribute('alt', 'Sunny loft, photo 1 of 4');

    await user.click(dot(3, 4));
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(photo()).toHaveAttribute('alt', 'Sunny loft, photo 2 of 4');
  });

  it('shows one dot per photo', () => {
    render(<PhotoCarousel photos={photos(3)} title="Flat" />);
    expect(screen.getAllByRole('button', { name: /^Show photo \d of 3$/ })).toHaveLength(3);
  });

  it('has no arrows or dots for a single photo', () => {
    render(<PhotoCarousel photos={photos(1)} title="Flat" />);
    expect(photo()).toHaveAttribute('alt', 'Flat, photo 1 of 1');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("says 'No photos' without photos", () => {
    render(<PhotoCarousel photos={[]} title="Flat" />);
    expect(screen.getByText('No photos')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("says 'No photos' for a photo that fails to load, and still moves on to the next", async () => {
    const user = userEvent.setup();
    render(<PhotoCarousel photos={photos(2)} title="Flat" />);
    fireEvent.error(photo());
    expect(screen.getByText('No photos')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(photo()).toHaveAttribute('alt', 'Flat, photo 2 of 2');
  });
});

describe('wrapIndex', () => {
  it('wraps both ways and is 0 for an empty list', () => {
    expect(wrapIndex(-1, 5)).toBe(4);
    expect(wrapIndex(5, 5)).toBe(0);
    expect(wrapIndex(-6, 5)).toBe(4);
    expect(wrapIndex(7, 5)).toBe(2);
    expect(wrapIndex(3, 0)).toBe(0);
  });
});
