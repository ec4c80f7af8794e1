import React from "react"; import { createRoot } from "react-dom/client"; createRoot(document.getElementById("root")!).render(<p>Computa</p>);
