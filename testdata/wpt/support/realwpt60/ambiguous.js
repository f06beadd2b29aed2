import { v } from "./star.js";
