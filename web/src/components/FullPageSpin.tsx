/** A CSS-only spinner: the guard shows it before any page chunk, so it stays out of antd. */
export default function FullPageSpin() {
  return (
    <div className="full-page-spin" role="status" aria-label="加载中">
      <span className="full-page-spin-dot" />
    </div>
  );
}
