<?xml version="1.0"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:template match="item"><q>deep</q></xsl:template>
  <xsl:template name="named"><n>imp2</n></xsl:template>
</xsl:stylesheet>
