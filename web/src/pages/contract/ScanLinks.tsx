/** The files of a signed scan, each opened in a new tab (the session cookie goes along). */
export default function ScanLinks({ files }: { files: { url: string; name: string }[] }) {
  if (files.length === 0) return <>—</>;
  return (
    <>
      {files.map((file) => (
        <a key={file.url} href={file.url} target="_blank" rel="noreferrer" style={{ marginRight: 12 }}>
          {file.name || '扫描件'}
        </a>
      ))}
    </>
  );
}
