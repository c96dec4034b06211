/** A contract's text as written: the first line its title, centred; the rest kept line by line, as plain text. */
import './print.css';

export default function ContractText({ text }: { text: string }) {
  const [title, ...rest] = text.split('\n');
  return (
    <article className="contract-text">
      <h1 className="contract-title">{title}</h1>
      <div className="contract-body">{rest.join('\n').replace(/^\n+/, '')}</div>
    </article>
  );
}
