#!/usr/bin/env node
import "../dist/appkit-cli.js"
