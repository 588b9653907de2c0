// A QR code for a genie (its conversation page, or another link such as a
// document's edit page), shown as an image and downloadable as PNG or SVG.
import { useState } from "preact/hooks";
import { call } from "../api";
import { t } from "../strings";
import { ErrorNote, Field, download, useAction } from "../ui";

export function QRCode(props: { genie: { id: string; name: string }; target?: string; title?: string }) {
  const [target, setTarget] = useState(props.target ?? "");
  const [png, setPng] = useState<{ image: string; url: string } | null>(null);
  const act = useAction();
  const body = (format: "png" | "svg") => ({
    agentId: props.genie.id,
    format,
    size: 512,
    ...(target ? { target_url: target } : {}),
  });
  const make = () =>
    act.run(async () => {
      const r = await call("/v1/qr-code/render", body("png"));
      setPng({ image: r.image, url: r.target_url });
    });
  const save = (format: "png" | "svg") =>
    act.run(async () => {
      const r = await call("/v1/qr-code/render", body(format));
      download(`qr-${props.genie.name.replace(/[^\w-]+/g, "-")}.${format}`, r.content_type, r.image, true);
    });
  return (
    <section class="panel" aria-labelledby={`qr-${props.genie.id}`}>
      <h2 id={`qr-${props.genie.id}`}>{props.title ?? t.genies.qr}</h2>
      <form
        class="inline"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void make();
        }}
      >
        <Field
          label={t.genies.qrTarget}
          name="target_url"
          type="url"
          value={target}
          onInput={setTarget}
          error={act.error}
        />
        <button type="submit" disabled={act.busy}>
          {t.genies.qrMake}
        </button>
      </form>
      <ErrorNote error={act.error} fields={["target_url"]} />
      {png && (
        <div class="qr">
          <img
            src={`data:image/png;base64,${png.image}`}
            width={192}
            height={192}
            alt={t.genies.qrAlt(props.genie.name)}
          />
          <p class="mono">{png.url}</p>
          <div class="buttons">
            <button type="button" onClick={() => save("png")}>
              {t.genies.downloadPNG}
            </button>
            <button type="button" onClick={() => save("svg")}>
              {t.genies.downloadSVG}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
