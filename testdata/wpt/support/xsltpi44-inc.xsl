<?xml version="1.0"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:template match="item[last()]" priority="-3"><s><xsl:value-of select="."/></s></xsl:template>
  <xsl:template name="named"><n>inc</n></xsl:template>
</xsl:stylesheet>
