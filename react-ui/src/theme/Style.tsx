/**
 * A stylesheet the skin needs, rendered with React 19's hoisted `<style href precedence>`: it lands once in
 * the document head however many components ask for it, and server rendering emits it too.
 */
export const Style = ({ id, css }: { readonly id: string; readonly css: string }) => (
  <style href={`appkit-${id}`} precedence="appkit">
    {css}
  </style>
)
